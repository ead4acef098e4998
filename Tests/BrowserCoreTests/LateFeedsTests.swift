import FeedModel
import Testing

@testable import BrowserCore

/// Followed feeds still loading when the browser opened: the browser asks for what they give
/// at once, adds it when it comes, and counts as new only what was not seen on earlier visits.
@Suite struct LateFeedsTests {
  /// Items of the feeds "Fast" (shown at the opening), "Seen" (late, two items seen before)
  /// and "Never" (late, never read before).
  static func items() -> (fast: [FeedItem], seen: [FeedItem], never: [FeedItem]) {
    func feed(_ name: String, _ count: Int) -> [FeedItem] {
      Fixtures.items(count, prefix: name).map { item in
        var item = item
        item.feed = name
        return item
      }
    }
    return (feed("Fast", 2), feed("Seen", 3), feed("Never", 2))
  }

  static func opening() -> (state: BrowserState, effects: [Effect]) {
    let (fast, seen, _) = items()
    var options = BrowserOptions(columns: 2, pictures: false)
    options.feeds = ["Fast", "Seen", "Never"].map {
      FeedSummary(name: $0, newCount: 0, lastRead: "09:00")
    }
    options.lateFeeds = [
      "Seen": .items(Set(seen.prefix(2).map(StableHash.of(item:)))), "Never": .never,
    ]
    var skipped = SkipReport()
    skipped.feeds = [
      FeedOutcome(source: "f", name: "Fast", items: fast.map(StableHash.of(item:))),
      FeedOutcome(source: "s", name: "Seen", error: "still loading"),
      FeedOutcome(source: "n", name: "Never", error: "still loading"),
    ]
    for index in 1...2 {
      skipped.feeds[index].isLoading = true
      skipped.feeds[index].wasRead = false
    }
    var state = BrowserState(options: options, screen: CanvasSize(columns: 80, rows: 24))
    let effects = state.update(
      .started(.replaced(fast, skipped: skipped, hasMore: false), title: nil))
    return (state, effects)
  }

  @Test func theOpeningAsksForTheFeedsStillLoadingAndSaysSo() {
    let (state, effects) = Self.opening()
    let late = effects.compactMap { effect -> LoadRequest? in
      if case .load(let request) = effect, request.late { return request }
      return nil
    }
    #expect(late.count == 1 && late.first?.kind == .refresh && late.first?.feed == nil)
    #expect(state.message.contains("2 feeds still loading"), "\(state.message)")
    #expect(state.items.count == 2)
  }

  @Test func whatTheyGiveIsAddedAndOnlyTheUnseenIsNew() throws {
    var (state, effects) = Self.opening()
    let request = try #require(
      effects.compactMap { effect -> LoadRequest? in
        if case .load(let request) = effect { return request }
        return nil
      }.first)
    let (fast, seen, never) = Self.items()
    var skipped = SkipReport()
    skipped.feeds = [
      FeedOutcome(source: "s", name: "Seen", items: seen.map(StableHash.of(item:))),
      FeedOutcome(source: "n", name: "Never", items: never.map(StableHash.of(item:))),
    ]
    _ = state.update(
      .loaded(.replaced(fast + seen + never, skipped: skipped, hasMore: false), request, title: nil)
    )
    #expect(state.items.count == 7)
    #expect(state.message.hasPrefix("every feed loaded: 7 items"), "\(state.message)")
    let new = state.items.indices.filter { state.isNew(item: $0) }.map { state.items[$0].feed }
    // Of "Seen", the one item not seen before; of "Never", none: a first read has nothing new.
    #expect(new == ["Seen"])
    #expect(state.feedSummaries.first { $0.name == "Seen" }?.newCount == 1)
    #expect(state.feedSummaries.first { $0.name == "Never" }?.newCount == 0)
  }

  /// `R` while the browser waits for a feed still loading is not ignored: a server that drips
  /// its page for minutes would hold it up. What that refresh leaves still loading is waited
  /// for in turn.
  @Test func aRefreshOvertakesTheWaitAndItsOwnLateFeedsAreWaitedFor() throws {
    var (state, _) = Self.opening()
    let effects = state.update(.action(.refreshAll))
    let refresh = try #require(
      effects.compactMap { effect -> LoadRequest? in
        if case .load(let request) = effect { return request }
        return nil
      }.first)
    #expect(!refresh.late && refresh.kind == .refresh)
    let (fast, _, _) = Self.items()
    var skipped = SkipReport()
    skipped.feeds = [FeedOutcome(source: "s", name: "Seen", error: "still loading")]
    skipped.feeds[0].isLoading = true
    let after = state.update(
      .loaded(.replaced(fast, skipped: skipped, hasMore: false), refresh, title: nil))
    let late = after.compactMap { effect -> LoadRequest? in
      if case .load(let request) = effect, request.late { return request }
      return nil
    }
    #expect(late.count == 1)
    #expect(state.message.contains("1 feed still loading"), "\(state.message)")
  }
}
