import FeedModel
import Testing

@testable import BrowserCore

/// A large first page shown from its first items while the rest is decoded
/// (`FeedUpdate.partial`): the reader sees and moves through it at once, and the rest joins
/// the same page as it comes.
@Suite struct StreamedPageTests {
  static let size = CanvasSize(columns: 80, rows: 24)

  /// A browser started on the first `count` items of a page still loading; the load it waits
  /// for.
  func started(
    _ first: [FeedItem], options: BrowserOptions = BrowserOptions(columns: 3, pictures: false)
  ) throws -> (BrowserState, LoadRequest) {
    var state = BrowserState(options: options, screen: Self.size)
    let effects = state.update(.started(.partial(first), title: nil))
    #expect(effects.allSatisfy { if case .load = $0 { false } else { true } })
    let request = try #require(state.loading)
    #expect(request.kind == .refresh)
    return (state, request)
  }

  @Test func theFirstItemsShowAndTheRestJoinThePageAsTheyCome() throws {
    let all = Fixtures.items(300)
    var (state, request) = try started(Array(all[0..<100]))
    #expect(state.items.count == 100)
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(canvas.text.contains("loading…"), "\(canvas.text)")

    // The reader scrolls while the rest is decoded.
    _ = state.update(.action(.page(1)))
    let top = state.top
    #expect(top > 0)
    _ = state.update(.loaded(.partial(Array(all[100..<200])), request, title: nil))
    #expect(state.items.count == 200)
    #expect(state.loading == request)
    #expect(state.top == top, "appending below does not move the view")

    _ = state.update(
      .loaded(
        .appended(Array(all[200...]), skipped: SkipReport(), hasMore: false), request,
        title: "The feed"))
    #expect(state.loading == nil)
    #expect(state.items.map(\.identity) == all.map(\.identity))
    #expect(state.feedTitle == "The feed")
    // One page: no `page 2` row between the parts.
    #expect(state.pageStarts.isEmpty)
    #expect(state.message == "loaded 300 items")
    #expect(state.top == top)
  }

  /// The first progress of a page streaming in makes room for as many items as its share of
  /// the bytes says, once; what is shown does not change.
  @Test func roomIsMadeOnceForThePageStreamingIn() throws {
    var (state, request) = try started(Array(Fixtures.items(100)))
    let before = state.cellRect(of: 99)
    _ = state.update(
      .loadProgress(LoadProgress.Snapshot(bytes: 1000, total: 20_000, items: 100, isLoading: true)))
    #expect(state.items.capacity >= 2000)
    #expect(state.streamedPage?.hasRoom == true)
    #expect(state.cellRect(of: 99) == before)
    #expect(state.loading == request)
    // Later snapshots change nothing more.
    _ = state.update(
      .loadProgress(LoadProgress.Snapshot(bytes: 2000, total: 20_000, items: 5000, isLoading: true))
    )
    #expect(state.items.capacity < 5000 * 10)
  }

  /// The parts lay out exactly as the whole page would have.
  @Test func thePartsLayOutAsTheWholePage() throws {
    let all = Fixtures.items(500)
    var (state, request) = try started(Array(all[0..<37]))
    var start = 37
    for end in [120, 121, 300, 500] {
      _ = state.update(.loaded(.partial(Array(all[start..<end])), request, title: nil))
      start = end
    }
    _ = state.update(
      .loaded(.appended([], skipped: SkipReport(), hasMore: false), request, title: nil))
    let whole = Fixtures.state(all, columns: 3, size: Self.size)
    for i in [0, 36, 37, 250, 499] {
      #expect(state.cellRect(of: i) == whole.cellRect(of: i), "item \(i)")
    }
  }

  /// A search while the page loads keeps its filter: the items that come and match join it;
  /// the others wait with the whole feed.
  @Test func aSearchWhileLoadingFiltersWhatComes() throws {
    let all = Fixtures.items(60)
    var (state, request) = try started(Array(all[0..<30]))
    _ = state.update(.action(.search))
    for c in "item 4" { _ = state.update(.typed(.character(c))) }
    _ = state.update(.typed(.enter))
    // "item 4" and "item 40"…"item 49" among the first 30: item 4 only.
    #expect(state.items.map(\.title) == ["item 4"])
    _ = state.update(.loaded(.partial(Array(all[30..<45])), request, title: nil))
    #expect(state.items.map(\.title) == ["item 4"] + (40...45).map { "item \($0)" })
    _ = state.update(
      .loaded(
        .appended(Array(all[45...]), skipped: SkipReport(), hasMore: false), request, title: nil))
    #expect(state.items.count == 11)
    #expect(state.unfilteredCount == 60)
    _ = state.update(.action(.escape))
    #expect(state.items.count == 60)
    #expect(state.items.map(\.identity) == all.map(\.identity))
  }

  /// The page breaking after its first items keeps them and says so.
  @Test func aBreakKeepsWhatIsShown() throws {
    let all = Fixtures.items(80)
    var (state, request) = try started(Array(all[0..<50]))
    _ = state.update(
      .loaded(
        .failed(.malformed(format: "JSON", source: "big.json", location: "line 9", detail: "cut")),
        request, title: nil))
    #expect(state.loading == nil)
    #expect(state.items.count == 50)
    #expect(state.message.contains("the 50 items before it are shown"), "\(state.message)")
  }

  /// A refresh asked for while the first page loads waits for it: the page is not read twice.
  @Test func aRefreshWaitsForTheLoadingPage() throws {
    var (state, request) = try started(Array(Fixtures.items(40)))
    #expect(state.update(.action(.refresh)).isEmpty)
    #expect(state.loading == request)
  }
}
