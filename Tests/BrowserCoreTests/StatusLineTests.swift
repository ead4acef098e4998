import LayoutEngine
import Testing

@testable import BrowserCore

/// The item numbers the status line shows.
@Suite struct StatusLineTests {
  @Test func columnLayoutsShowTheLowestAndHighestNumberInView() throws {
    let range = try #require(StatusLine.shownRange([7, 3, 9, 4], itemCount: 10, wraps: false))
    #expect(range.first == 3 && range.last == 9)
  }

  @Test func aRingThatPassesTheEndShowsTheArcAcrossIt() throws {
    // Items 238, 239, 240, 1, 2 in view: not "1-240".
    let range = try #require(
      StatusLine.shownRange([1, 2, 238, 239, 240], itemCount: 240, wraps: true))
    #expect(range.first == 238 && range.last == 2)
  }

  @Test func aRingInsideTheNumbersShowsThemInOrder() throws {
    let range = try #require(StatusLine.shownRange([12, 10, 11, 13], itemCount: 240, wraps: true))
    #expect(range.first == 10 && range.last == 13)
  }

  @Test func aRingShowingEveryItemStartsAtTheFirst() throws {
    let range = try #require(StatusLine.shownRange([3, 1, 2], itemCount: 3, wraps: true))
    #expect(range.first == 1 && range.last == 3)
  }

  @Test func anEmptyFeedShowsNoRangeAndNoPosition() {
    #expect(StatusLine.shownRange([], itemCount: 5, wraps: true) == nil)
    let text = StatusLine.text(
      itemCount: 0, columns: 2, range: nil, percent: 100, message: "")
    #expect(text == "0 items  2 cols  waterfall")
  }

  @Test(arguments: [
    (1, 1, "1 item  1 col"), (2, 1, "2 items  1 col"), (1, 3, "1 item  3 cols"),
  ])
  func countsOfOneAreSingular(items: Int, columns: Int, expected: String) {
    let text = StatusLine.text(
      itemCount: items, columns: columns, range: (1, 1), percent: 100, message: "")
    #expect(text.hasPrefix(expected + "  waterfall  1  100%"))
  }

  @Test func newItemsAreCountedAfterTheItemsOnlyWhenThereAreSome() {
    let new = StatusLine.text(
      itemCount: 12, of: 40, newCount: 2, columns: 3, range: (1, 5), percent: 0, message: "")
    #expect(new == "12 of 40 items  2 new  3 cols  waterfall  1-5  0%")
    let none = StatusLine.text(
      itemCount: 12, newCount: 0, columns: 3, range: (1, 5), percent: 0, message: "")
    #expect(none == "12 items  3 cols  waterfall  1-5  0%")
  }

  @Test func aRingArcAcrossTheEndShowsBothRuns() {
    #expect(StatusLine.rangeText((238, 9), itemCount: 240) == "238-240,1-9")
    #expect(StatusLine.rangeText((240, 2), itemCount: 240) == "240,1-2")
    #expect(StatusLine.rangeText((3, 9), itemCount: 240) == "3-9")
  }

  @Test func aLongMessageIsCutBeforeTheHelpHint() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 60, rows: 20))
    state.message = "error: " + String(repeating: "a very long message ", count: 10)
    let canvas = render(state)
    let status = canvas.line(canvas.size.rows - 1)
    #expect(status.hasSuffix("? help"), "\(status)")
    #expect(status.contains("…"), "\(status)")
  }

  @Test func theRingStatusLineAfterTurningPastTheEnd() {
    var state = Fixtures.state(
      Fixtures.items(40), options: BrowserOptions(style: .ring, pictures: false))
    _ = state.handle(.select(.left))
    let canvas = render(state)
    let status = canvas.line(canvas.size.rows - 1)
    #expect(status.contains("ring"))
    #expect(!status.contains("1-40"), "\(status)")
  }
}

extension StatusLineTests {
  /// The carousel and the ring said `3 cols`, a setting they do not use.
  @Test(arguments: [LayoutStyle.carousel, .ring])
  func theCarouselAndTheRingNameNoColumns(style: LayoutStyle) {
    let text = StatusLine.text(
      itemCount: 12, columns: 3, style: style, range: (1, 3), percent: 0, message: "")
    #expect(!text.contains("col"), "\(text)")
    #expect(text.hasPrefix("12 items  \(style.rawValue)"), "\(text)")
    let waterfall = StatusLine.text(
      itemCount: 12, columns: 3, style: .waterfall, range: (1, 3), percent: 0, message: "")
    #expect(waterfall.contains("3 cols"))
  }
}
