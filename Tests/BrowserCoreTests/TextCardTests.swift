import FeedModel
import Testing

@testable import BrowserCore

/// Items without a picture are cards of their text in the masonry: sized by their text, drawn
/// with title, summary and byline, never asked a picture or a size for, and their details are
/// their text in full.
@Suite struct TextCardTests {
  static func card(_ n: Int, words: Int, title: String? = nil) -> FeedItem {
    FeedItem.text(
      title: title ?? "Post \(n)", id: "post-\(n)", link: "https://blog.example/\(n)",
      about: ItemAbout(
        date: "2024-05-0\(n % 9 + 1) 10:00", author: "Ann",
        summary: (0..<words).map { "word\($0)" }.joined(separator: " ")))
  }

  @Test func aFeedWithoutPicturesIsAWallOfCards() {
    let items = (1...4).map { Self.card($0, words: 6) }
    let state = Fixtures.state(items, columns: 2, size: CanvasSize(columns: 60, rows: 20))
    let text = render(state).text
    #expect(!text.contains("no items in this feed"))
    #expect(text.contains("Post 1") && text.contains("Post 2"))
    #expect(text.contains("word0 word1"))
    #expect(text.contains("2024-05-02 10:00 · Ann"))
    #expect(text.contains("#1") && text.contains("#2"))
    // No pixel size: a card has no picture.
    #expect(!text.contains("?×?"))
  }

  @Test func aCardIsAsTallAsItsText() throws {
    let items = [Self.card(1, words: 2), Self.card(2, words: 40)]
    let state = Fixtures.state(items, columns: 2, size: CanvasSize(columns: 60, rows: 30))
    let short = try #require(state.cellRect(of: 0))
    let long = try #require(state.cellRect(of: 1))
    // Border, one title line, one summary line, caption, border.
    #expect(short.height == 5)
    // Border, title, six summary lines (the most), caption, border.
    #expect(long.height == 10)
  }

  @Test func aNarrowerColumnMakesACardTaller() throws {
    var state = Fixtures.state(
      [Self.card(1, words: 12)], columns: 1, size: CanvasSize(columns: 80, rows: 30))
    let wide = try #require(state.cellRect(of: 0)).height
    _ = state.handle(.columns(.exactly(3)))
    let narrow = try #require(state.cellRect(of: 0)).height
    #expect(narrow > wide)
  }

  @Test func cardsAskForNoPictureAndNoSize() {
    var state = BrowserState(
      options: BrowserOptions(columns: 3), screen: CanvasSize(columns: 80, rows: 24))
    let pictureItem = FeedItem.unsized(imageURL: "https://x.example/p.jpg", title: "p")
    let effects = state.update(
      .started(
        .replaced(
          [Self.card(1, words: 3), pictureItem, Self.card(2, words: 3)], skipped: SkipReport(),
          hasMore: false), title: nil))
    let probed = effects.flatMap { effect -> [SizeRequest] in
      if case .probeSizes(let requests) = effect { requests } else { [] }
    }
    #expect(probed.map(\.imageURL) == ["https://x.example/p.jpg"])
    #expect(PictureRequestTests.loads(effects).allSatisfy { !$0.url.isEmpty })
    #expect(
      state.pictureKey(forItem: 0, in: CellRect(row: 0, column: 0, width: 20, height: 10)) == nil)
  }

  @Test func theDetailsOfACardAreItsText() {
    var state = Fixtures.state(
      [Self.card(1, words: 30)], columns: 1, size: CanvasSize(columns: 80, rows: 24))
    _ = state.handle(.select(.next))
    _ = state.handle(.details)
    let text = render(state).text
    #expect(text.contains("date:  2024-05-02 10:00"))
    #expect(text.contains("by:    Ann"))
    #expect(text.contains("link:  https://blog.example/1"))
    #expect(text.contains("word29"), "the whole summary, wrapped")
    #expect(!text.contains("image:"))
  }

  @Test func aCardsSummaryIsSanitisedOnScreen() {
    let item = FeedItem.text(
      title: "T\u{1B}[2J", about: ItemAbout(summary: "left \u{202E}right\u{1B}]0;x\u{07}"))
    let state = Fixtures.state([item], columns: 1, size: CanvasSize(columns: 40, rows: 10))
    let text = render(state).text
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
    #expect(text.contains("left right"))
  }

  /// The ring writes the selected item out in its middle: a card's date and author where a
  /// picture's size goes, not `?×?`.
  @Test func theRingsCaptionOfACardIsItsByline() {
    var state = Fixtures.state(
      (1...3).map { Self.card($0, words: 3) },
      options: BrowserOptions(style: .ring, pictures: false),
      size: CanvasSize(columns: 160, rows: 60))
    state.select(0)
    let text = render(state).text
    #expect(text.contains("2024-05-02 10:00 · Ann"))
    #expect(!text.contains("?×?"))
  }

  @Test func theDetailsSayThePicturesDecodedAndFileSizes() {
    var state = Fixtures.state(Fixtures.items(3), size: CanvasSize(columns: 100, rows: 24))
    _ = state.update(
      .pictureFacts(
        url: "https://example.com/item/1.jpg",
        PictureFacts(format: "JPEG", width: 600, height: 601, bytes: 250_880)))
    _ = state.handle(.select(.next))
    _ = state.handle(.details)
    let text = render(state).text
    #expect(text.contains("file:  600×601 JPEG, 245 KB"))
    #expect(text.contains("link:  https://example.com/item/1"))
  }

  @Test func longTextWrapsToItsLinesWithAnEllipsisWhenCut() {
    let text = DisplayText("one two three four five six seven eight nine ten")
    let lines = text.wrapped(width: 10, maxLines: 2).map(\.string)
    #expect(lines == ["one two", "three fou…"])
    #expect(text.wrapped(width: 10, maxLines: 9).count == 5)
  }
}

extension TextCardTests {
  /// The full screen's line under the title says the date, author and the file's format and
  /// size once the picture was read, besides its size and position.
  @Test func theFullScreenSaysDateAuthorAndFile() throws {
    let item = FeedItem(
      imageURL: "https://x.example/a.jpg", width: 600, height: 400, title: "Boat",
      about: ItemAbout(date: "2024-05-01 14:03", author: "Ann"))
    var state = Fixtures.state([item], options: BrowserOptions(columns: 1))
    _ = state.update(
      .pictureFacts(
        url: "https://x.example/a.jpg",
        PictureFacts(format: "JPEG", width: 600, height: 400, bytes: 3_500_000)))
    state.select(0)
    _ = state.update(.action(.details))
    _ = state.update(.action(.details))
    let canvas = render(state)
    #expect(canvas.text.contains("600×400 · 2024-05-01 14:03 UTC · Ann · JPEG 3.3 MB · #1 of 1"))
  }
}

extension TextCardTests {
  /// A picture drawn otherwise than it is says why after its file's facts: an animation too
  /// large to move is drawn still.
  @Test func theFactsSayWhyAPictureIsDrawnStill() {
    let facts = PictureFacts(
      format: "GIF", width: 7999, height: 7999, bytes: 235_520,
      note: "still: its 7999 × 7999 canvas is too large to move")
    #expect(
      facts.text(times: "×")
        == "7999×7999 GIF, 230 KB; still: its 7999 × 7999 canvas is too large to move")
  }
}
