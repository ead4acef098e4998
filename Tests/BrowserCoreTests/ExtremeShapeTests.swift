import FeedKit
import FeedModel
import Testing

@testable import BrowserCore

/// Pictures far wider or taller than the screen: every one is a box that can be seen and
/// selected, and it shows the feed's own size.
@Suite struct ExtremeShapeTests {
  private static let shapes: [(Double, Double)] = [
    (4000, 100), (6400, 100), (100_000, 1), (3000, 200), (600, 600), (100, 10_000),
  ]

  private static var items: [FeedItem] {
    shapes.enumerated().map { i, shape in
      FeedItem(
        imageURL: "https://example.com/\(i).jpg", width: shape.0, height: shape.1,
        title: "shape \(i + 1)")
    }
  }

  @Test(arguments: [1, 2, 4, 8])
  func veryWidePicturesAreBoxesWithATitle(columns: Int) throws {
    let state = Fixtures.state(
      Self.items, columns: columns, size: CanvasSize(columns: 100, rows: 30))
    for i in state.items.indices {
      let rect = try #require(state.cellRect(of: i))
      #expect(rect.height >= ColumnArrangement.minimumBoxRows, "item \(i + 1): \(rect)")
    }
    let drawn = render(state).text
    for i in 0..<4 {
      #expect(drawn.contains("shape \(i + 1)"), "item \(i + 1) at \(columns) columns:\n\(drawn)")
    }
    // Each has a row for its picture (at three rows a panorama had none).
    for i in 0..<4 {
      let rect = try #require(state.cellRect(of: i))
      #expect(PictureArea.inside(box: rect).map(\.height) ?? 0 >= 1, "item \(i + 1): \(rect)")
    }
  }

  @Test func everyWidePictureCanBeSelected() {
    var state = Fixtures.state(Self.items, columns: 4, size: CanvasSize(columns: 100, rows: 30))
    var seen: Set<Int> = []
    for _ in state.items {
      _ = state.handle(.select(.next))
      if let selected = state.selection { seen.insert(selected) }
    }
    #expect(seen == Set(state.items.indices))
  }

  @Test func aColumnChangeKeepsTheMinimumHeight() throws {
    var state = Fixtures.state(Self.items, columns: 1, size: CanvasSize(columns: 100, rows: 30))
    _ = state.handle(.columns(.exactly(8)))
    for i in state.items.indices {
      #expect(try #require(state.cellRect(of: i)).height >= ColumnArrangement.minimumBoxRows)
    }
  }

  @Test func theSizeShownIsTheFeeds() throws {
    let document = try LiberalJSONDecoder.decode(
      Array(
        #"[{"img":"a","width":100,"height":10000},{"img":"b","width":100000,"height":1}]"#.utf8),
      source: "feed")
    let labels = document.items.enumerated().map { BoxLabel(item: $1, number: $0 + 1) }
    #expect(labels.map(\.pixelWidth) == [100, 100_000])
    #expect(labels.map(\.pixelHeight) == [10_000, 1])
    // The layout still cuts the tall one to 64:1.
    let state = Fixtures.state(document.items, columns: 4)
    let tall = try #require(state.cellRect(of: 0))
    #expect(Double(tall.height) <= 64 * Double(tall.width) / 2 + 1)
  }
}
