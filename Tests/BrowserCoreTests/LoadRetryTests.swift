import FeedModel
import Testing

@testable import BrowserCore

/// A load that fails is tried again only when the reader asks; a refresh shows page 1.
@Suite struct LoadRetryTests {
  private static let down = FeedError.network(
    url: "http://127.0.0.1:9/feed?page=2", detail: "connection refused")

  private func loads(_ effects: [Effect]) -> [LoadRequest] {
    effects.compactMap { if case .load(let request) = $0 { request } else { nil } }
  }

  @Test func failedLoadMoreIsNotRetriedUntilTheReaderAsks() throws {
    var state = Fixtures.state(Fixtures.items(200), hasMore: true)
    _ = state.handle(.bottom)
    let request = try #require(state.loading)
    #expect(loads(state.apply(.failed(Self.down), to: request)).isEmpty)
    #expect(state.loading == nil)
    #expect(state.message == "error: \(Self.down)")
    #expect(state.items.count == 200)
    // Moving about near the end does not try again, nor does a resize.
    for action in [Action.page(-1), .bottom, .scroll(-1), .top, .bottom] {
      #expect(loads(state.handle(action)).isEmpty, "\(action)")
    }
    #expect(loads(state.update(.resized(CanvasSize(columns: 81, rows: 24)))).isEmpty)
    #expect(state.message == "error: \(Self.down)")
    // A full pull at the bottom asks again: one attempt.
    _ = state.handle(.bottom)
    var asked: [LoadRequest] = []
    for _ in 0..<state.pull.threshold { asked += loads(state.handle(.scroll(1))) }
    #expect(asked.map(\.kind) == [.more])
  }

  @Test func refreshAfterAFailedLoadMoreIsOneAttempt() throws {
    var state = Fixtures.state(Fixtures.items(200), hasMore: true)
    _ = state.handle(.bottom)
    _ = state.apply(.failed(Self.down), to: try #require(state.loading))
    let refresh = try #require(loads(state.handle(.refresh)).first)
    #expect(refresh.kind == .refresh)
    #expect(loads(state.apply(.failed(Self.down), to: refresh)).isEmpty)
    #expect(state.message == "error: \(Self.down)")
    #expect(state.items.count == 200)
  }

  @Test func refreshAtTheBottomShowsPageOneAndSaysSo() throws {
    let page1 = Fixtures.items(200)
    var state = Fixtures.state(page1, hasMore: true)
    _ = state.handle(.bottom)
    let more = try #require(state.loading)
    _ = state.apply(
      .appended(Fixtures.items(50, prefix: "two"), skipped: SkipReport(), hasMore: true),
      to: more)
    _ = state.handle(.bottom)
    if let running = state.loading {
      _ = state.apply(.endOfFeed, to: running)
    }
    let refresh = try #require(loads(state.handle(.refresh)).first)
    // Nothing changed on page 1, and the item the reader was on (on page 2) is gone.
    let after = state.apply(.replaced(page1, skipped: SkipReport(), hasMore: true), to: refresh)
    #expect(loads(after).isEmpty)
    #expect(state.loading == nil)
    #expect(state.items.count == 200)
    #expect(state.top == 0)
    #expect(state.message == "refreshed: 200 items")
    // Once the reader moves, prefetching goes on as before.
    _ = state.handle(.bottom)
    #expect(state.loading?.kind == .more)
  }

  @Test func refreshKeepsTheAnchorItemWhereItWas() throws {
    var state = Fixtures.state(Fixtures.items(200))
    _ = state.handle(.page(1))
    _ = state.handle(.page(1))
    let before = try #require(state.anchor())
    let refresh = try #require(loads(state.handle(.refresh)).first)
    let fresh = Fixtures.items(3, prefix: "new") + Fixtures.items(200)
    _ = state.apply(.replaced(fresh, skipped: SkipReport(), hasMore: false), to: refresh)
    // The item the view was anchored on is where it was on screen (the boxes around it may
    // have moved: three pictures more above reflow the columns).
    let moved = try #require(state.cellRect(of: before.index + 3))
    #expect(moved.row - state.top == before.screenRow)
  }
}
