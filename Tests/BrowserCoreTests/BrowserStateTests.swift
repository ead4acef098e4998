import FeedModel
import Testing

@testable import BrowserCore

@Suite struct BrowserStateTests {
  @Test func startsAtTheTopWithAnAutomaticColumnCount() {
    let state = Fixtures.state(Fixtures.items(40))
    #expect(state.top == 0)
    #expect(state.columnCount == 3)
    #expect(state.viewRows == 23)
    #expect(state.items.count == 40)
  }

  @Test func scrollingStaysWithinTheContent() {
    var state = Fixtures.state(Fixtures.items(40))
    _ = state.handle(.scroll(1))
    #expect(state.top == 1)
    _ = state.handle(.bottom)
    #expect(state.top == state.maxTop)
    _ = state.handle(.page(1))
    #expect(state.top == state.maxTop)
    _ = state.handle(.top)
    #expect(state.top == 0)
    _ = state.handle(.page(0.5))
    #expect(state.top == 11)
    _ = state.handle(.page(-1))
    #expect(state.top == 0)
  }

  @Test func boxesDoNotOverlapInCells() throws {
    let state = Fixtures.state(Fixtures.items(60), columns: 4)
    var rects: [CellRect] = []
    for i in 0..<state.items.count { rects.append(try #require(state.cellRect(of: i))) }
    for (a, ra) in rects.enumerated() {
      for rb in rects[(a + 1)...] {
        let apart =
          ra.right <= rb.column || rb.right <= ra.column || ra.bottom <= rb.row
          || rb.bottom <= ra.row
        #expect(apart, "\(ra) overlaps \(rb)")
      }
    }
  }

  @Test func drawingTouchesOnlyVisibleItems() {
    var state = Fixtures.state(Fixtures.items(10_000), columns: 4)
    _ = state.handle(.page(1))
    let visible = state.visibleIndices()
    #expect(!visible.isEmpty)
    #expect(visible.count < 40)
    for i in visible {
      guard let rect = state.cellRect(of: i) else { continue }
      #expect(rect.bottom > state.top && rect.row < state.top + state.viewRows)
    }
  }

  @Test(arguments: [
    (ColumnChange.more, 4), (.fewer, 2), (.exactly(1), 1), (.exactly(5), 5),
  ])
  func columnKeysChangeTheColumnCount(change: ColumnChange, expected: Int) {
    var state = Fixtures.state(Fixtures.items(40), columns: 3)
    _ = state.handle(.columns(change))
    #expect(state.columnCount == expected)
  }

  @Test func columnsAreLimitedToWhatFits() {
    var state = Fixtures.state(
      Fixtures.items(10), columns: 9, size: CanvasSize(columns: 20, rows: 5))
    #expect(state.columnCount == 9)
    _ = state.handle(.columns(.more))
    #expect(state.columnCount == 9)
    #expect(state.message == "at most 9 columns fit")
    _ = state.handle(.columns(.exactly(1)))
    _ = state.handle(.columns(.fewer))
    #expect(state.columnCount == 1)
    #expect(state.message == "at least 1 column")
  }

  @Test func columnChangeKeepsTheSelectedItemAtItsHeight() throws {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    _ = state.handle(.page(1))
    _ = state.handle(.page(1))
    _ = state.handle(.select(.next))
    let selected = try #require(state.selection)
    let before = try #require(state.cellRect(of: selected)).row - state.top
    _ = state.handle(.columns(.exactly(5)))
    let after = try #require(state.cellRect(of: selected)).row - state.top
    #expect(state.selection == selected)
    #expect(after == before)
  }

  @Test func resizeKeepsTheTopItemInView() throws {
    var state = Fixtures.state(Fixtures.items(200))
    _ = state.handle(.page(1))
    _ = state.handle(.page(1))
    _ = state.handle(.scroll(3))
    let anchor = try #require(
      state.visibleIndices().min {
        (state.cellRect(of: $0)?.row ?? 0) < (state.cellRect(of: $1)?.row ?? 0)
      })
    _ = state.resize(to: CanvasSize(columns: 130, rows: 40))
    #expect(state.visibleIndices().contains(anchor) || state.visibleIndices().contains(anchor + 1))
    _ = state.resize(to: CanvasSize(columns: 20, rows: 5))
    #expect(!state.visibleIndices().isEmpty)
  }

  /// Without a selection the first box that starts in view keeps its height on screen.
  @Test(arguments: [CanvasSize(columns: 130, rows: 30), CanvasSize(columns: 50, rows: 24)])
  func resizeKeepsTheTopItemAtItsHeight(size: CanvasSize) throws {
    var state = Fixtures.state(Fixtures.items(400), size: CanvasSize(columns: 80, rows: 24))
    for _ in 0..<8 { _ = state.handle(.page(1)) }
    _ = state.handle(.scroll(2))
    let starts = state.visibleIndices().compactMap { i in
      state.cellRect(of: i).map { (i, $0) }
    }.filter { $0.1.row >= state.top }
    let anchor = try #require(
      starts.min { ($0.1.row, $0.1.column) < ($1.1.row, $1.1.column) })
    let before = anchor.1.row - state.top
    _ = state.resize(to: size)
    let after = try #require(state.cellRect(of: anchor.0)).row - state.top
    #expect(after == before)
  }

  @Test func resizeStormNeverLeavesTheViewOutOfRange() {
    var state = Fixtures.state(Fixtures.items(300))
    _ = state.handle(.bottom)
    for step in 0..<200 {
      let size = CanvasSize(columns: 1 + (step * 37) % 180, rows: 1 + (step * 13) % 70)
      _ = state.resize(to: size)
      #expect(state.top >= 0 && state.top <= state.maxTop)
      #expect(state.columnCount >= 1 && state.columnCount <= state.maximumColumnsThatFit)
      _ = render(state)
    }
  }

  @Test func selectionMovesAndTheViewFollows() throws {
    var state = Fixtures.state(Fixtures.items(100), columns: 3)
    _ = state.handle(.select(.next))
    #expect(state.selection == 0)
    _ = state.handle(.select(.right))
    let right = try #require(state.selection)
    #expect(state.layout?.attributes(at: right)?.column == 1)
    _ = state.handle(.select(.left))
    #expect(state.layout?.attributes(at: try #require(state.selection))?.column == 0)
    for _ in 0..<60 { _ = state.handle(.select(.next)) }
    let selected = try #require(state.selection)
    #expect(state.visibleIndices().contains(selected))
    #expect(state.top > 0)
    for _ in 0..<60 { _ = state.handle(.select(.previous)) }
    #expect(state.selection == 0)
    #expect(state.top == 0)
  }

  @Test func enterShowsDetailsAndEscapeClosesThem() {
    var state = Fixtures.state(Fixtures.items(10))
    _ = state.handle(.details)
    #expect(state.panel == .details(0))
    #expect(state.handle(.escape).isEmpty)
    #expect(state.panel == .none)
    #expect(state.handle(.escape).isEmpty, "one Esc too many does not quit")
  }

  @Test func openAsksForTheLinkElseTheImage() {
    var items = Fixtures.items(2)
    items[1].link = nil
    var state = Fixtures.state(items)
    #expect(state.handle(.open) == [.open("https://example.com/item/1")])
    _ = state.handle(.select(.next))
    #expect(state.handle(.open) == [.open("https://example.com/item/2.jpg")])
  }

  // MARK: Pulls and loads

  @Test func pullingDownAtTheTopRefreshes() throws {
    var state = Fixtures.state(Fixtures.items(40))
    #expect(state.handle(.scroll(-1)).isEmpty)
    #expect(state.pull.phase == .pullingDown(1))
    #expect(state.handle(.scroll(-1)).isEmpty)
    let effects = state.handle(.scroll(-1))
    let request = try #require(
      effects.first.flatMap { if case .load(let r) = $0 { r } else { nil } })
    #expect(request.kind == .refresh)
    #expect(state.pull.phase == .refreshing)
    #expect(state.message == "refreshing…")
    _ = state.apply(
      .replaced(Fixtures.items(5, prefix: "new"), skipped: SkipReport(), hasMore: false),
      to: request)
    #expect(state.items.count == 5)
    #expect(state.pull.phase == .idle)
    #expect(state.message == "refreshed: 5 items")
  }

  @Test func keysKeepWorkingWhileARefreshRuns() throws {
    var state = Fixtures.state(Fixtures.items(100), threshold: 1)
    let effects = state.handle(.scroll(-1))
    guard case .load(let request) = try #require(effects.first) else { return }
    #expect(state.pull.phase == .refreshing)
    _ = state.handle(.scroll(1))
    _ = state.handle(.scroll(1))
    #expect(state.top == 2)
    _ = state.handle(.columns(.exactly(2)))
    #expect(state.columnCount == 2)
    #expect(state.pull.phase == .refreshing)
    _ = state.apply(
      .replaced(Fixtures.items(100), skipped: SkipReport(), hasMore: false), to: request)
    #expect(state.pull.phase == .idle)
  }

  @Test func anyOtherKeyLetsGoOfAPull() {
    var state = Fixtures.state(Fixtures.items(40))
    _ = state.handle(.scroll(-1))
    _ = state.handle(.scroll(-1))
    _ = state.handle(.columns(.more))
    #expect(state.pull.phase == .idle)
    _ = state.handle(.scroll(-1))
    _ = state.handle(.scroll(1))
    #expect(state.pull.phase == .idle)
    #expect(state.top == 1)
  }

  @Test func aKeyThatLetsGoOfAPullAlsoDoesItsOwnAction() {
    var state = Fixtures.state(Fixtures.items(40))
    _ = state.handle(.scroll(-1))
    #expect(state.pull.phase == .pullingDown(1))
    _ = state.handle(.page(1))
    #expect(state.pull.phase == .idle)
    #expect(state.top == state.viewRows)
    _ = state.handle(.bottom)
    for _ in 0..<state.pull.threshold { _ = state.handle(.scroll(1)) }
    #expect(state.pull.phase == .endOfFeed)
    _ = state.handle(.scroll(-1))
    #expect(state.pull.phase == .idle)
    #expect(state.top == state.maxTop - 1)
  }

  @Test func failedRefreshKeepsItemsAndSaysWhy() throws {
    var state = Fixtures.state(Fixtures.items(40))
    _ = state.handle(.scroll(5))
    let effects = state.handle(.refresh)
    guard case .load(let request) = try #require(effects.first) else {
      Issue.record("no load")
      return
    }
    _ = state.apply(.failed(.unreadable(source: "feed.json", detail: "gone")), to: request)
    #expect(state.items.count == 40)
    #expect(state.top == 5)
    #expect(state.message == "error: feed.json: cannot read: gone")
  }

  /// A chain that stops being followed says why, and asks for no more pages.
  @Test func anEndedChainSaysWhyAndLoadsNoMore() throws {
    var state = Fixtures.state(Fixtures.items(200), hasMore: true)
    let effects = state.handle(.bottom)
    guard case .load(let request) = try #require(effects.first) else {
      Issue.record("no load")
      return
    }
    _ = state.apply(.ended(because: "the next page held only items already loaded"), to: request)
    #expect(state.message == "end of feed: the next page held only items already loaded")
    #expect(state.hasMorePages == false)
    #expect(state.items.count == 200)
    #expect(state.handle(.scroll(1)).isEmpty)
  }

  @Test func pullingUpAtTheBottomLoadsMoreOrSaysEndOfFeed() throws {
    var state = Fixtures.state(Fixtures.items(40), hasMore: false)
    _ = state.handle(.bottom)
    for _ in 0..<3 { #expect(state.handle(.scroll(1)).isEmpty) }
    #expect(state.pull.phase == .endOfFeed)
    #expect(state.message == "end of feed")

    var more = Fixtures.state(Fixtures.items(200), hasMore: true)
    _ = more.handle(.bottom)
    // Reaching the bottom already prefetched the next page.
    let request = try #require(more.loading)
    #expect(request.kind == .more)
    for _ in 0..<3 { _ = more.handle(.scroll(1)) }
    #expect(more.pull.phase == .loadingMore)
    _ = more.apply(
      .appended(Fixtures.items(10, prefix: "page2"), skipped: SkipReport(), hasMore: false),
      to: request)
    #expect(more.items.count == 210)
    #expect(more.pull.phase == .idle)
    #expect(BrowserView(theme: Theme()).label(at: 209, in: more)?.number == 210)
  }

  @Test func prefetchStartsWithinOneScreenOfTheEnd() {
    var state = Fixtures.state(Fixtures.items(200), hasMore: true)
    #expect(state.loading == nil)
    var effects: [Effect] = []
    while effects.isEmpty && state.top < state.maxTop { effects = state.handle(.page(1)) }
    #expect(effects.count == 1)
    #expect(state.loading?.kind == .more)
    #expect(state.top + 2 * state.viewRows >= state.contentRows)
  }

  @Test func refreshOvertakesALoadMoreAndStaleResultsAreDropped() throws {
    var state = Fixtures.state(Fixtures.items(5), hasMore: true)
    let more = try #require(state.loading)
    let effects = state.handle(.refresh)
    guard case .load(let refresh) = try #require(effects.first) else { return }
    #expect(refresh.kind == .refresh)
    _ = state.apply(
      .appended(Fixtures.items(3, prefix: "stale"), skipped: SkipReport(), hasMore: true),
      to: more)
    #expect(state.items.count == 5)
    _ = state.apply(
      .replaced(Fixtures.items(4, prefix: "fresh"), skipped: SkipReport(), hasMore: false),
      to: refresh)
    #expect(state.items.map(\.title) == ["fresh 1", "fresh 2", "fresh 3", "fresh 4"])
  }

  @Test func scriptedFeedDrivesTheStateMachine() async throws {
    let feed = ScriptedFeed(
      refreshes: [
        .replaced(Fixtures.items(3, prefix: "a"), skipped: SkipReport(), hasMore: true)
      ],
      mores: [.appended(Fixtures.items(2, prefix: "b"), skipped: SkipReport(), hasMore: false)])
    var state = Fixtures.state([])
    var pending = state.handle(.refresh)
    var rounds = 0
    while rounds < 10 {
      // After the refresh the next page waits for the reader to move.
      if pending.isEmpty { pending = state.handle(.scroll(1)) }
      guard let effect = pending.first else { break }
      pending.removeFirst()
      rounds += 1
      guard case .load(let request) = effect else { continue }
      let result = request.kind == .refresh ? await feed.refresh() : await feed.loadMore()
      pending += state.apply(result, to: request)
    }
    #expect(state.items.count == 5)
    #expect(!state.hasMorePages)
  }

  @Test func skippedItemsAreReported() {
    var state = Fixtures.state([])
    state.start(
      with: Fixtures.items(2), skipped: SkipReport(count: 3, firstReason: "item 4: no width"),
      hasMore: false)
    #expect(state.message == "loaded 2 items; skipped 3 items (first: item 4: no width)")
  }

  @Test func titleFallsBackToTheFileName() {
    let item = FeedItem(imageURL: "https://x.example/a/b/pic%201.png?size=2#f", width: 1, height: 1)
    #expect(BoxLabel(item: item, number: 1).title.string == "pic%201.png")
  }
}
