import FeedModel
import Testing

@testable import BrowserCore

/// A summary longer than the window is read in the details panel a page at a time: all of it
/// can be reached, the panel says which lines it shows, `j` and `k` still go to the
/// neighbours, and a summary that fits leaves the keys as they were.
@Suite struct DetailsScrollTests {
  /// A post of `words` numbered words (`word0 … wordN`), opened in the details panel on a
  /// small window.
  static func opened(words: Int, size: CanvasSize = CanvasSize(columns: 60, rows: 20))
    -> BrowserState
  {
    let items = [TextCardTests.card(1, words: words), TextCardTests.card(2, words: 3)]
    var state = Fixtures.state(items, columns: 1, size: size)
    _ = state.handle(.select(.next))
    _ = state.handle(.details)
    return state
  }

  @Test func theWholeSummaryCanBeReadAPageAtATime() {
    var state = Self.opened(words: 400)
    var seen = Set<String>()
    var screens = 0
    while screens < 100 {
      let text = render(state).text
      for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      where word.hasPrefix("word") {
        seen.insert(String(word))
      }
      screens += 1
      if text.contains("word399") { break }
      _ = state.handle(.page(1))
      #expect(state.panel == .details(0), "a paging key closed the panel")
    }
    #expect((0..<400).allSatisfy { seen.contains("word\($0)") }, "words never shown")
    #expect(screens > 3, "a summary of 400 words fits a 20-row window in \(screens) pages")
  }

  @Test func thePanelSaysWhichLinesItShows() throws {
    var state = Self.opened(words: 400)
    let first = render(state).text
    let marker = try #require(
      first.split(separator: "\n").first { $0.contains("lines 1-") }, "no line count: \(first)")
    #expect(marker.contains("Space b scroll"))
    let total = try #require(
      marker.split(separator: " ").firstIndex(of: "of").map {
        marker.split(separator: " ")[$0 + 1]
      })
    _ = state.handle(.bottom)
    let last = render(state).text
    #expect(last.contains("word399"))
    #expect(last.contains("of \(total.prefix { $0.isNumber })"))
    #expect(last.contains("-\(total.prefix { $0.isNumber }) of"), "the end is shown at the end")
    // Further down changes nothing; one page back up shows what came before.
    _ = state.handle(.page(1))
    #expect(render(state).text == last)
    _ = state.handle(.page(-1))
    #expect(!render(state).text.contains("word399"))
    _ = state.handle(.top)
    #expect(render(state).text == first)
  }

  @Test func theWheelScrollsAndNeighboursAreStillAKeyAway() {
    var state = Self.opened(words: 400)
    let first = render(state).text
    _ = state.handle(.wheel(3))
    #expect(render(state).text != first)
    #expect(state.panel == .details(0))
    _ = state.handle(.scroll(1))
    #expect(state.panel == .details(1), "j goes to the next item")
    _ = state.handle(.scroll(-1))
    #expect(state.panel == .details(0))
    #expect(render(state).text == first, "the next item's details start at the top")
  }

  @Test func aSummaryThatFitsLeavesThePagingKeysAsTheyWere() {
    var state = Self.opened(words: 10, size: CanvasSize(columns: 80, rows: 30))
    #expect(!render(state).text.contains("lines 1-"))
    _ = state.handle(.page(1))
    #expect(state.panel == .none, "Space closes a panel with nothing to scroll")
  }

  /// The details are opened afresh: a zoom or a scroll of an earlier look is not kept.
  @Test func detailsOpenedAgainStartAtTheTop() {
    var state = Self.opened(words: 400)
    let first = render(state).text
    _ = state.handle(.bottom)
    _ = state.handle(.escape)
    #expect(state.panel == .none)
    _ = state.handle(.details)
    #expect(render(state).text == first)
  }

  @Test func aResizedWindowNeverScrollsPastTheEnd() {
    var state = Self.opened(words: 400)
    _ = state.handle(.bottom)
    _ = state.update(.resized(CanvasSize(columns: 60, rows: 40)))
    let text = render(state).text
    #expect(text.contains("word399"))
    #expect(!text.contains("lines 1-"), "taller, the end is still the end")
  }
}
