import FeedModel
import Testing

@testable import BrowserCore

/// `/` filters the feed, `n`/`N` go from match to match, `Esc` shows everything again.
@Suite struct SearchTests {
  static let titles = [
    "Harbour at dawn", "東京タワー", "Red door", "🌻 Sunflowers", "harbour lights",
    "京都の庭", "Tea bowl",
  ]

  func state() -> BrowserState {
    let items = Self.titles.enumerated().map { i, title in
      FeedItem(
        imageURL: "https://example.com/\(i).jpg", width: 400, height: 300, title: title,
        id: "id\(i)")
    }
    return Fixtures.state(items, options: BrowserOptions(columns: 2, pictures: false))
  }

  mutating func type(_ text: String, into state: inout BrowserState) {
    _ = state.update(.action(.search))
    for c in text { _ = state.update(.typed(.character(c))) }
    _ = state.update(.typed(.enter))
  }

  @Test mutating func aSearchLaysOutOnlyTheMatchesIgnoringCase() {
    var state = state()
    type("HARBOUR", into: &state)
    #expect(state.items.map(\.title) == ["Harbour at dawn", "harbour lights"])
    #expect(state.unfilteredCount == 7)
    #expect(state.selection == 0)
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(canvas.text.contains("2 of 7 items"))
  }

  @Test(arguments: [("京", ["東京タワー", "京都の庭"]), ("🌻", ["🌻 Sunflowers"]), ("庭", ["京都の庭"])])
  mutating func cjkAndEmojiMatchAsTheyRead(query: String, expected: [String]) {
    var state = state()
    type(query, into: &state)
    #expect(state.items.compactMap(\.title) == expected)
  }

  @Test mutating func escapeShowsEverythingAgainKeepingTheSelection() {
    var state = state()
    type("京", into: &state)
    _ = state.update(.action(.select(.next)))
    #expect(state.items[state.selection ?? 0].title == "京都の庭")
    let effects = state.update(.action(.escape))
    #expect(!effects.contains(.quit), "Esc clears the search first")
    #expect(state.items.count == 7)
    #expect(state.unfilteredCount == nil)
    #expect(state.selection.map { state.items[$0].title } == "京都の庭")
    #expect(!state.update(.action(.escape)).contains(.quit), "one Esc too many does not quit")
  }

  @Test mutating func nextAndPreviousGoFromMatchToMatchAndWrap() {
    var state = state()
    type("harbour", into: &state)
    _ = state.update(.action(.escape))
    _ = state.update(.action(.select(.left)))
    let start = state.selection
    _ = state.update(.action(.nextMatch))
    let first = state.selection
    _ = state.update(.action(.nextMatch))
    let second = state.selection
    _ = state.update(.action(.nextMatch))
    #expect(Set([first, second].compactMap { $0 }) == [0, 4])
    #expect(state.selection == first, "wraps to the first match")
    _ = state.update(.action(.previousMatch))
    #expect(state.selection == second)
    #expect(start != nil)
  }

  @Test mutating func noMatchKeepsTheFeedAndSaysSo() {
    var state = state()
    type("zebra", into: &state)
    #expect(state.items.count == 7)
    #expect(state.message.contains("no items match"))
    #expect(state.unfilteredCount == nil)
  }

  /// Esc after a search that matched nothing dismisses the message: it quit the browser, one
  /// key after a mistyped query. The next Esc does nothing: Esc never quits by default.
  @Test mutating func escapeAfterASearchThatMatchedNothingDismissesIt() {
    var state = state()
    type("zebra", into: &state)
    #expect(state.update(.action(.escape)).isEmpty)
    #expect(state.message.isEmpty)
    #expect(state.update(.action(.escape)).isEmpty)
  }

  /// A query longer than the status line shows its end, where the typing is: its end was cut.
  @Test mutating func aLongQueryShowsItsEnd() {
    var state = state()
    _ = state.update(.action(.search))
    let query = String(repeating: "a", count: 120) + "THE END"
    for c in query { _ = state.update(.typed(.character(c))) }
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    let status = canvas.text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.contains("/…aaa"), "\(status)")
    #expect(status.contains("aTHE END"), "\(status)")
  }

  @Test mutating func thePromptShowsWhatIsTypedAndBackspaceEdits() {
    var state = state()
    _ = state.update(.action(.search))
    for c in "teax" { _ = state.update(.typed(.character(c))) }
    _ = state.update(.typed(.backspace))
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(canvas.text.contains("/tea"))
    _ = state.update(.typed(.escape))
    #expect(!state.isTypingSearch)
    #expect(state.items.count == 7)
  }

  /// Ctrl-H is Backspace on terminals that send BS for it (it did nothing); Ctrl-W takes back a
  /// word and Ctrl-U the line, as in a shell.
  @Test mutating func controlKeysEditThePromptAsInAShell() {
    var state = state()
    _ = state.update(.action(.search))
    for c in "red doorx" { _ = state.update(.typed(.character(c))) }
    _ = state.update(.typed(.control("h")))
    #expect(state.searchPrompt == "red door")
    _ = state.update(.typed(.control("w")))
    #expect(state.searchPrompt == "red ")
    _ = state.update(.typed(.control("u")))
    #expect(state.searchPrompt == "")
    #expect(state.isTypingSearch)
    // And in the `:` prompt.
    _ = state.update(.typed(.escape))
    for action in [Action.prompt, .digit(4), .digit(2)] { _ = state.update(.action(action)) }
    var reader = KeySequenceReader(bindings: .standard)
    for action in reader.read(.control("h")) { _ = state.update(.action(action)) }
    #expect(state.prefix.prompt == "4")
  }

  /// With a search's view, `d` said to press Esc first: it removes there too, and the item
  /// stays out of the whole feed after Esc, where `u` brings it back.
  @Test mutating func removingWorksInASearchsViewAndOnTheWholeFeed() {
    var state = state()
    type("harbour", into: &state)
    _ = state.update(.action(.remove))
    #expect(state.items.map(\.title) == ["harbour lights"])
    #expect(state.message.hasPrefix("removed #1"), "\(state.message)")
    _ = state.update(.action(.escape))
    #expect(state.items.count == 6)
    #expect(!state.items.contains { $0.title == "Harbour at dawn" })
    _ = state.update(.action(.undo))
    #expect(state.items.map(\.title) == Self.titles)
  }

  /// `u` in the search's view brings back what was removed there, in both views.
  @Test mutating func undoInASearchsViewRestoresBothViews() {
    var state = state()
    type("harbour", into: &state)
    _ = state.update(.action(.remove))
    _ = state.update(.action(.undo))
    #expect(state.items.map(\.title) == ["Harbour at dawn", "harbour lights"])
    _ = state.update(.action(.escape))
    #expect(state.items.map(\.title) == Self.titles)
    _ = state.update(.action(.undo))
    #expect(state.message == "nothing to undo")
  }

  @Test mutating func aRefreshLandsOnTheWholeFeed() throws {
    var state = state()
    type("harbour", into: &state)
    let refresh = state.update(.action(.refresh))
    guard case .load(let request) = try #require(refresh.first) else {
      Issue.record("a refresh loads")
      return
    }
    _ = state.update(
      .loaded(
        .replaced(Fixtures.items(5), skipped: SkipReport(), hasMore: false), request, title: nil))
    #expect(state.unfilteredCount == nil)
    #expect(state.items.count == 5)
  }
}

/// A box whose size is not known yet says so, rather than `0×0`.
@Suite struct UnknownSizeLabelTests {
  @Test func anUnsizedItemShowsQuestionMarksUntilItsSizeIsKnown() {
    let unsized = BoxLabel(item: .unsized(imageURL: "https://example.com/a.jpg"), number: 1)
    #expect(unsized.size(times: "×") == "?×?")
    let sized = BoxLabel(
      item: FeedItem(imageURL: "https://example.com/a.jpg", width: 1200, height: 2249), number: 2)
    #expect(sized.size(times: "x") == "1200x2249")
    var state = Fixtures.state(
      [.unsized(imageURL: "https://example.com/a.jpg", title: "later")],
      options: BrowserOptions(columns: 1, pictures: false))
    _ = state.update(.action(.select(.next)))
    var canvas = MemoryCanvas(columns: 40, rows: 20)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(canvas.text.contains("?×?"))
    #expect(!canvas.text.contains("0×0"))
  }
}
