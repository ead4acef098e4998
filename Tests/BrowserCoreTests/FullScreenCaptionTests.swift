import FeedModel
import Testing

@testable import BrowserCore

/// A photo's caption (its summary) shows under it on the full screen, one line cut to the
/// screen, between the title and the facts; a failed picture's reason takes that line.
@Suite struct FullScreenCaptionTests {
  static func photo(summary: String?) -> FeedItem {
    FeedItem(
      imageURL: "https://example.com/p.jpg", width: 1200, height: 800, title: "Harbour at dusk",
      about: ItemAbout(date: "2024-05-01 10:00", author: "Ann", summary: summary))
  }

  /// The rows under the picture, trimmed, from the one after the area's last.
  static func detailRows(_ item: FeedItem, picture: PictureSlot, columns: Int = 80) throws
    -> [String]
  {
    let size = CanvasSize(columns: columns, rows: 24)
    let area = try #require(PictureArea.fullScreen(size))
    var canvas = MemoryCanvas(columns: size.columns, rows: size.rows)
    PanelRenderer(theme: Theme()).drawFullScreen(
      item: item, label: BoxLabel(item: item, number: 3), count: 9, picture: picture,
      area: area, into: &canvas)
    let rows = canvas.text.split(separator: "\n", omittingEmptySubsequences: false)
    return rows[area.bottom..<(size.rows - 1)].map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func theCaptionIsTheLineUnderTheTitle() throws {
    let rows = try Self.detailRows(
      Self.photo(summary: "Fishing boats come in as the lights go on."), picture: .none)
    #expect(rows.first == "Harbour at dusk")
    #expect(rows.dropFirst().first == "Fishing boats come in as the lights go on.")
    #expect(rows.contains { $0.contains("2024-05-01 10:00 UTC · Ann") && $0.contains("#3 of 9") })
    #expect(rows.contains { $0.contains("Esc back") }, "the keys still show: \(rows)")
  }

  @Test func aLongCaptionIsCutToTheScreen() throws {
    let long = (0..<60).map { "word\($0)" }.joined(separator: " ")
    let rows = try Self.detailRows(Self.photo(summary: long), picture: .none, columns: 60)
    let caption = try #require(rows.dropFirst().first)
    #expect(caption.hasPrefix("word0 word1"))
    #expect(caption.hasSuffix("…"))
    #expect(caption.count <= 58)
    #expect(rows.contains { $0.contains("neighbours") }, "the keys still show: \(rows)")
  }

  @Test func withoutACaptionTheFactsFollowTheTitle() throws {
    let rows = try Self.detailRows(Self.photo(summary: nil), picture: .none)
    #expect(rows.dropFirst().first?.contains("#3 of 9") == true)
  }

  @Test func aFailedPicturesReasonTakesTheCaptionsLine() throws {
    let rows = try Self.detailRows(
      Self.photo(summary: "Fishing boats"),
      picture: .failed("the server answered 404", placeholder: nil))
    #expect(rows.dropFirst().first == "no picture: the server answered 404")
    #expect(!rows.contains("Fishing boats"))
    #expect(rows.contains { $0.contains("Esc back") })
  }
}
