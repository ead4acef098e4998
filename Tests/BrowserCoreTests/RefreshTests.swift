import FeedModel
import Testing

@testable import BrowserCore

/// `r` and `R` among followed feeds, and when the background refresh (`--refresh-minutes`)
/// lands: only with the reader at rest at the top, never under a place they scrolled to.
@Suite struct RefreshTests {
  /// Forty items, alternately of the feeds "Cats" and "Dogs", with a refresh every 5 minutes.
  func state(refreshMinutes: Int? = 5) -> BrowserState {
    var items = Fixtures.items(40)
    for i in items.indices { items[i].feed = i.isMultiple(of: 2) ? "Cats" : "Dogs" }
    var options = BrowserOptions(columns: 2, pictures: false)
    options.feeds = [
      FeedSummary(name: "Cats", newCount: 0, lastRead: "09:00"),
      FeedSummary(name: "Dogs", newCount: 0, lastRead: "09:00", error: "no answer"),
    ]
    options.refreshMinutes = refreshMinutes
    return Fixtures.state(items, options: options)
  }

  private func loads(_ effects: [Effect]) -> [LoadRequest] {
    effects.compactMap { if case .load(let request) = $0 { request } else { nil } }
  }

  private func refreshAlarms(_ effects: [Effect]) -> [Double] {
    effects.compactMap {
      if case .alarm(.refresh, let seconds) = $0 { seconds } else { nil }
    }
  }

  @Test func rRefreshesTheFeedShownAloneAndCapitalREveryFeed() {
    var state = state()
    #expect(loads(state.update(.action(.refresh))).map(\.feed) == [nil])
    _ = state.update(.loaded(.failed(.cancelled(source: "x")), state.loading!, title: nil))
    _ = state.update(.action(.feeds))
    _ = state.update(.action(.select(.down)))
    _ = state.update(.action(.details))
    #expect(state.feedShown == "Dogs")
    let one = loads(state.update(.action(.refresh)))
    #expect(one.map(\.feed) == ["Dogs"])
    #expect(state.message == "refreshing Dogs…")
    // The refresh lands on the whole feed and the view stays on Dogs alone.
    var refreshed = Fixtures.items(40)
    for i in refreshed.indices { refreshed[i].feed = i.isMultiple(of: 2) ? "Cats" : "Dogs" }
    var skipped = SkipReport()
    var cats = FeedOutcome(source: "c", name: "Cats", items: [2])
    cats.wasRead = false
    var dogs = FeedOutcome(source: "d", name: "Dogs", items: [1], error: "HTTP 429")
    dogs.retryAt = 1_796_553_600
    skipped.feeds = [cats, dogs]
    // 2026-12-06 10:30 UTC.
    state.readerTime.now = 1_796_553_000
    _ = state.update(
      .loaded(.replaced(refreshed, skipped: skipped, hasMore: false), one[0], title: nil))
    #expect(state.feedShown == "Dogs")
    #expect(state.items.allSatisfy { $0.feed == "Dogs" } && state.items.count == 20)
    #expect(state.message.hasPrefix("refreshed: 40 items"))
    // What the refresh said of Dogs replaces its error in the panel, with when it may be
    // asked again; Cats, kept as it was and not read, keeps its row.
    #expect(state.feedSummaries.map(\.error) == [nil, "HTTP 429"])
    #expect(state.feedSummaries.map(\.retryAt) == [nil, 1_796_553_600])
    #expect(state.feedSummaries.map(\.lastRead) == ["09:00", "09:00"])
    #expect(loads(state.update(.action(.refreshAll))).map(\.feed) == [nil])
  }

  @Test func backgroundRefreshStartsAtOnceWhenTheReaderIsAtTheTop() {
    var state = state()
    #expect(
      refreshAlarms(
        state.update(
          .started(.replaced(Fixtures.items(3), skipped: SkipReport(), hasMore: false), title: nil))
      ) == [300])
    let effects = state.update(.alarm(.refresh))
    #expect(loads(effects).map(\.kind) == [.refresh])
    // The next one is set as this one starts.
    #expect(refreshAlarms(effects) == [300])
  }

  @Test func backgroundRefreshWaitsWhileTheReaderIsScrolledDownThenLandsAtTheTop() {
    var state = state()
    _ = state.update(.action(.scroll(10)))
    #expect(state.top > 0)
    #expect(loads(state.update(.alarm(.refresh))).isEmpty)
    // Moving about further down starts nothing.
    #expect(loads(state.update(.action(.scroll(3)))).isEmpty)
    #expect(loads(state.update(.action(.scroll(-2)))).isEmpty)
    let back = state.update(.action(.top))
    #expect(loads(back).map(\.kind) == [.refresh] && refreshAlarms(back) == [300])
    // Once only.
    _ = state.update(.loaded(.failed(.cancelled(source: "x")), state.loading!, title: nil))
    #expect(loads(state.update(.action(.scroll(1)))).isEmpty)
  }

  @Test(arguments: ["panel", "search", "prompt", "filter", "load"])
  func backgroundRefreshWaitsForAPanelPromptSearchOrLoadToEnd(_ busy: String) {
    var state = state()
    switch busy {
    case "panel": _ = state.update(.action(.help))
    case "search": _ = state.update(.action(.search))
    case "prompt": _ = state.update(.action(.prompt))
    case "filter":
      _ = state.update(.action(.search))
      for c in "Item 1" { _ = state.update(.typed(.character(c))) }
      _ = state.update(.typed(.enter))
    default: _ = state.update(.action(.refresh))
    }
    #expect(!state.isAtRestAtTop)
    #expect(loads(state.update(.alarm(.refresh))).isEmpty, "\(busy)")
  }

  @Test func backgroundRefreshReadsEveryFeedEvenWithOneShownAlone() {
    var state = state()
    _ = state.update(.action(.feeds))
    _ = state.update(.action(.details))
    #expect(state.feedShown == "Cats" && state.isAtRestAtTop)
    #expect(loads(state.update(.alarm(.refresh))).map(\.feed) == [nil])
  }

  @Test func withoutRefreshMinutesNoAlarmIsSet() {
    var state = state(refreshMinutes: nil)
    let effects = state.update(
      .started(.replaced(Fixtures.items(3), skipped: SkipReport(), hasMore: false), title: nil))
    #expect(refreshAlarms(effects).isEmpty)
  }
}
