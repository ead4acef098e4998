import FeedModel
import Testing

@testable import BrowserCore

/// The followed feeds in one waterfall: the feeds panel (`F`), one feed shown alone, and the
/// items new since the last visit marked and counted.
@Suite struct FeedsPanelTests {
  /// Six items, alternately of the feeds "Cats" and "Dogs", the first two new.
  func state(size: CanvasSize = CanvasSize(columns: 80, rows: 24)) -> BrowserState {
    var items = Fixtures.items(6)
    for i in items.indices { items[i].feed = i.isMultiple(of: 2) ? "Cats" : "Dogs" }
    var options = BrowserOptions(columns: 2, pictures: false)
    options.feeds = [
      FeedSummary(name: "Cats", newCount: 1, lastRead: "14:03"),
      FeedSummary(name: "Dogs", newCount: 1, lastRead: "14:03"),
      FeedSummary(name: "Birds", newCount: 0, lastRead: "2026-12-01", error: "no answer"),
    ]
    options.newItems = [StableHash.of(item: items[0]), StableHash.of(item: items[1])]
    return Fixtures.state(items, options: options, size: size)
  }

  @Test func theStatusLineCountsTheNewItemsAndTheirBoxesSayNew() {
    let state = state()
    #expect(state.isNew(item: 0) && state.isNew(item: 1) && !state.isNew(item: 2))
    let text = render(state).text
    #expect(text.contains("6 items  2 new  2 cols"), "\(text)")
    #expect(text.contains("new Cats") && text.contains("new Dogs"), "\(text)")
    // Only the two new ones.
    #expect(text.components(separatedBy: "new ").count == 3 + 1, "\(text)")
  }

  @Test func thePanelListsEachFeedWithItsNewCountLastReadAndError() {
    var state = state()
    _ = state.update(.action(.feeds))
    #expect(state.panel == .feeds(0))
    let lines = render(state).text.split(separator: "\n")
    let cats = lines.first { $0.contains("Cats") && $0.contains("14:03") }.map(String.init) ?? ""
    #expect(cats.contains("› Cats") && cats.contains("1 new") && cats.contains("14:03"), "\(cats)")
    let birds = lines.first { $0.contains("Birds") && $0.contains("2026") }.map(String.init) ?? ""
    #expect(birds.contains("2026-12-01") && birds.contains("no answer"), "\(birds)")
    #expect(!birds.contains("new"), "\(birds)")
    // The panel fits a terminal of 80×24 with its hints.
    #expect(render(state).text.contains("Enter shows its items"))
  }

  @Test func enterShowsTheChosenFeedAloneAndEscShowsAllAgain() {
    var state = state()
    _ = state.update(.action(.feeds))
    _ = state.update(.action(.scroll(1)))
    #expect(state.panel == .feeds(1))
    // It stops at the last feed.
    _ = state.update(.action(.scroll(1)))
    _ = state.update(.action(.scroll(1)))
    #expect(state.panel == .feeds(2))
    _ = state.update(.action(.select(.up)))
    _ = state.update(.action(.details))
    #expect(state.panel == .none)
    #expect(state.items.map(\.feed) == ["Dogs", "Dogs", "Dogs"])
    #expect(state.message == "Dogs: 3 items; Esc shows all feeds")
    _ = state.update(.action(.escape))
    #expect(state.items.count == 6)
    // A feed with no items here says so and changes nothing.
    _ = state.update(.action(.feeds))
    _ = state.update(.action(.bottom))
    _ = state.update(.action(.details))
    #expect(state.items.count == 6 && state.message == "Birds has no items here")
  }

  /// A feed whose server asked to wait says first when it will be asked again, in the
  /// reader's time, where a long error would be cut before it.
  @Test func aFeedThatMustWaitSaysUntilWhenFirst() {
    var state = state()
    var options = BrowserOptions(columns: 2, pictures: false)
    options.feeds = [
      FeedSummary(
        name: "Cats", newCount: 0, lastRead: "09:00",
        error: "https://cats.example/a/very/long/address/of/a/feed: the server answered 429",
        retryAt: 1_796_553_000)
    ]
    state = Fixtures.state(Fixtures.items(2), options: options)
    _ = state.update(.action(.feeds))
    let text = render(state).text
    #expect(text.contains("Cats           09:00  not asked before 2026-12-06 10:30 UTC"), "\(text)")
  }

  @Test func thePanelOpensOnTheSelectedItemsFeedAndAnyOtherKeyClosesIt() {
    var state = state()
    state.select(3)
    _ = state.update(.action(.feeds))
    #expect(state.panel == .feeds(1))
    _ = state.update(.action(.quit))
    #expect(state.panel == .none)
  }

  @Test func withoutFollowedFeedsTheKeySaysHowToFollowOne() {
    var state = Fixtures.state(Fixtures.items(3))
    _ = state.update(.action(.feeds))
    #expect(state.panel == .none)
    #expect(state.message.contains("cascade add"))
    #expect(!render(state).text.contains(" new "))
  }

  /// The screen row whose text has `text` and `also`.
  func row(of text: String, and also: String, in state: BrowserState) -> Int? {
    render(state).text.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains(text) && $0.contains(also) }
  }

  @Test func aClickOnAFeedShowsItAndAClickElsewhereCloses() throws {
    var state = state()
    _ = state.update(.action(.feeds))
    let dogs = try #require(row(of: "Dogs", and: "14:03", in: state))
    _ = state.update(.click(MouseClick(button: .left, row: dogs, column: 40)))
    #expect(state.panel == .none && state.feedShown == "Dogs")
    #expect(state.items.map(\.feed) == ["Dogs", "Dogs", "Dogs"])
    _ = state.update(.action(.escape))
    _ = state.update(.action(.feeds))
    _ = state.update(.click(MouseClick(button: .left, row: 0, column: 0)))
    #expect(state.panel == .none && state.items.count == 6)
  }

  @Test func aClickFindsItsFeedInAPanelTooLongForTheScreen() throws {
    var items = Fixtures.items(40)
    var options = BrowserOptions(columns: 2, pictures: false)
    for i in items.indices { items[i].feed = "Feed \(i + 1)" }
    options.feeds = (1...40).map { FeedSummary(name: "Feed \($0)", newCount: 0, lastRead: "09:00") }
    var state = Fixtures.state(items, options: options)
    _ = state.update(.action(.feeds))
    for _ in 0..<30 { _ = state.update(.action(.scroll(1))) }
    #expect(state.panel == .feeds(30))
    let chosen = try #require(self.row(of: "› Feed 31 ", and: "09:00", in: state))
    let above = try #require(self.row(of: " Feed 29 ", and: "09:00", in: state))
    _ = state.update(.click(MouseClick(button: .left, row: above, column: 20)))
    #expect(chosen == above + 2)
    #expect(state.feedShown == "Feed 29" && state.items.map(\.feed) == ["Feed 29"])
  }

  @Test func eachFeedKeepsItsPlace() {
    var state = state()
    _ = state.update(.action(.feeds))
    _ = state.update(.action(.details))
    #expect(state.feedShown == "Cats")
    state.select(2)
    let kept = state.items[2].identity
    _ = state.update(.action(.escape))
    #expect(state.feedShown == nil && state.selection.map { state.items[$0].identity } == kept)
    // Dogs, then Cats again: where Cats was left.
    _ = state.update(.action(.feeds))
    _ = state.update(.action(.bottom))
    _ = state.update(.action(.select(.up)))
    _ = state.update(.action(.details))
    #expect(state.feedShown == "Dogs" && state.selection == 0)
    _ = state.update(.action(.escape))
    _ = state.update(.action(.feeds))
    _ = state.update(.action(.top))
    _ = state.update(.action(.details))
    #expect(state.selection.map { state.items[$0].identity } == kept)
  }

  /// The load `r` asks for.
  func refreshRequest(_ state: inout BrowserState) -> LoadRequest? {
    state.handle(.refresh).compactMap { effect -> LoadRequest? in
      if case .load(let request) = effect { request } else { nil }
    }.first
  }

  @Test func itemsARefreshBringsAreNewTooAndCountedByFeed() throws {
    var state = state()
    let refresh = try #require(refreshRequest(&state))
    var fresh = Fixtures.items(1, prefix: "fresh")
    fresh[0].feed = "Dogs"
    // What was there stays, new or not; the one brought is new.
    _ = state.apply(
      .replaced(fresh + state.items, skipped: SkipReport(), hasMore: false), to: refresh)
    #expect(state.isNew(item: 0) && state.isNew(item: 1) && state.isNew(item: 2))
    #expect(!state.isNew(item: 3))
    #expect(state.newCount == 3)
    #expect(state.arrivals == ["Dogs": [StableHash.of(item: fresh[0])]])
    #expect(state.feedSummaries.map(\.newCount) == [1, 2, 0])
    #expect(render(state).text.contains("7 items  3 new"))
  }

  @Test func withoutFollowedFeedsNothingArrives() throws {
    var state = Fixtures.state(Fixtures.items(3))
    let refresh = try #require(refreshRequest(&state))
    _ = state.apply(
      .replaced(
        Fixtures.items(1, prefix: "fresh") + state.items, skipped: SkipReport(), hasMore: false),
      to: refresh)
    #expect(state.arrivals.isEmpty && !state.isNew(item: 0) && state.newCount == 0)
  }
}
