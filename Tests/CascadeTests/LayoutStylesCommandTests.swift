import FeedKit
import Foundation
import LayoutEngine
import TestSupport
import Testing

/// `cascade layout --style …` prints what the engine's styles compute.
@Suite struct LayoutStylesCommandTests {
  typealias Item = PrintedLayout.Item

  func printed(_ arguments: [String]) async throws -> [Item] {
    let result = try await CascadeProcess.run(["layout"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try PrintedLayout(result).items
  }

  var sampleSizes: [ItemSize] {
    get throws {
      try LiberalJSONDecoder.decode(SampleFeed.bytes, source: "sample").items.map {
        ItemSize(width: $0.width, height: $0.height)
      }
    }
  }

  @Test func irregularPrintsSpansAsTheEngineLaysThemOut() async throws {
    let items = try await printed(["--width", "120", "--columns", "4", "--style", "irregular"])
    var layout = WaterfallLayout(
      configuration: LayoutConfiguration(
        columnCount: 4, containerWidth: 120, enlargement: Enlargement()),
      items: try sampleSizes)
    try layout.prepare()
    #expect(items.contains { $0.span == 2 })
    for item in items {
      let a = try #require(layout.attributes(at: item.index))
      #expect(item.frame == a.frame)
      #expect((item.span ?? 1) == a.span)
    }
  }

  @Test func seedAndProbabilityChangeTheIrregularLayout() async throws {
    let base = ["--width", "120", "--columns", "4", "--style", "irregular"]
    let never = try await printed(base + ["--enlarge-probability", "0"])
    #expect(!never.contains { $0.span == 2 })
    let a = try await printed(base + ["--seed", "1"])
    let b = try await printed(base + ["--seed", "2"])
    #expect(a != b)
  }

  @Test func carouselPrintsTheBoxesInViewScaled() async throws {
    let items = try await printed([
      "--width", "80", "--height", "20", "--style", "carousel", "--offset", "30",
    ])
    let layout = CarouselLayout(
      configuration: .init(viewWidth: 80, viewHeight: 20, itemWidth: 12, itemHeight: 12),
      itemCount: 240)
    let expected = layout.attributes(atOffset: 30)
    #expect(items.map(\.index) == expected.map(\.index))
    for (item, a) in zip(items, expected) {
      #expect(item.x == a.frame.x - 30)
      #expect(item.width == a.frame.width)
      #expect((item.scale ?? 1) == a.scale)
    }
    #expect(items.contains { ($0.scale ?? 1) < 1 })
  }

  /// A tall, narrow view: boxes sized from the height alone were wider than the view, and at
  /// offset 0 none was in view (`--width 100 --height 1000` printed no items).
  @Test func carouselBoxesFitANarrowView() async throws {
    let items = try await printed(["--width", "100", "--height", "1000", "--style", "carousel"])
    let first = try #require(items.first)
    #expect(first.index == 0)
    #expect(first.width == 60 && first.x == 20, "centred, at full size")
    #expect((first.scale ?? 1) == 1)
  }

  @Test func ringPrintsEveryBoxOnTheCircle() async throws {
    let items = try await printed(["--width", "100", "--height", "60", "--style", "ring"])
    #expect(items.count == 240)
    let ring = RingLayout(
      configuration: .init(viewWidth: 100, viewHeight: 60, itemWidth: 12, itemHeight: 12),
      itemCount: 240)
    #expect(
      items.first?.frame
        == ring.frame(of: 0))
  }

  @Test func columnWidthChoosesTheCountThatFits() async throws {
    let items = try await printed([
      "--width", "100", "--column-width", "30", "--column-spacing", "2",
    ])
    // 3·30 + 2·2 = 94 fits in 100; 4 columns would need 126.
    #expect(Set(items.map(\.x)).count == 3)
  }

  @Test func readingOrderFillsColumnsInTurn() async throws {
    let items = try await printed(["--width", "90", "--columns", "3", "--order", "right-to-left"])
    #expect(items.prefix(4).map(\.x) == [60, 30, 0, 60])
  }

  @Test func stylesNeedingAHeightSaySo() async throws {
    let result = try await CascadeProcess.run(["layout", "--width", "80", "--style", "carousel"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--height"))
  }
}
