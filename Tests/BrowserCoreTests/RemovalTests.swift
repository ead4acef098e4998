import FeedModel
import LayoutEngine
import Testing

@testable import BrowserCore

/// `d` removes the selected item from the view, `u` brings removed items back in their places,
/// and a refresh forgets removals.
@Suite struct RemovalTests {
  private func titles(_ state: BrowserState) -> [String] {
    state.items.map { $0.title ?? "" }
  }

  private func selected(_ count: Int, at index: Int, style: LayoutStyle = .waterfall)
    -> BrowserState
  {
    var state = Fixtures.state(
      Fixtures.items(count), options: BrowserOptions(columns: 3, style: style, pictures: false))
    // The carousel and the ring start with their centred item selected.
    if state.selection == nil { _ = state.handle(.select(.next)) }
    for _ in 0..<index { _ = state.handle(.select(.next)) }
    return state
  }

  @Test func removeTakesTheSelectedItemOutAndSelectsTheNext() {
    var state = selected(10, at: 3)
    _ = state.handle(.remove)
    #expect(state.items.count == 9)
    #expect(!titles(state).contains("item 4"))
    #expect(state.selection == 3)
    #expect(BrowserView(theme: Theme()).label(at: 3, in: state)?.title.string == "item 5")
    #expect(state.layout?.itemCount == 9)
    #expect(state.message == "removed #4; u brings it back")
  }

  /// With every item removed the view says so, and which key brings them back: it said "no
  /// items in this feed".
  @Test func everyItemRemovedSaysHowToBringThemBack() {
    var state = selected(2, at: 0)
    _ = state.handle(.remove)
    _ = state.handle(.remove)
    #expect(state.items.isEmpty)
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    var view = BrowserView(theme: Theme())
    view.draw(state, into: &canvas)
    #expect(canvas.text.contains("every item removed · u brings one back"), "\(canvas.text)")
    #expect(!canvas.text.contains("no items in this feed"))
    view.keys = KeyBindings(rebinding: [.undo: [[.character("U")]]])
    view.draw(state, into: &canvas)
    #expect(canvas.text.contains("every item removed · U brings one back"), "\(canvas.text)")
    _ = state.handle(.undo)
    #expect(state.items.count == 1)
  }

  @Test func removeWithoutASelectionOnlySelects() {
    var state = Fixtures.state(Fixtures.items(10))
    _ = state.handle(.remove)
    #expect(state.items.count == 10)
    #expect(state.selection == 0)
  }

  @Test func undoRestoresInReverseOrderInTheirPlaces() {
    var state = selected(10, at: 2)
    let original = titles(state)
    _ = state.handle(.remove)
    _ = state.handle(.remove)
    _ = state.handle(.select(.next))
    _ = state.handle(.select(.next))
    _ = state.handle(.remove)
    #expect(state.items.count == 7)
    #expect(state.undoCount == 3)
    _ = state.handle(.undo)
    #expect(state.selection == 4)
    #expect(BrowserView(theme: Theme()).label(at: 4, in: state)?.title.string == "item 7")
    _ = state.handle(.undo)
    _ = state.handle(.undo)
    #expect(titles(state) == original)
    #expect(state.selection == 2)
    _ = state.handle(.undo)
    #expect(state.message == "nothing to undo")
    #expect(titles(state) == original)
  }

  @Test func undoAfterARefreshDoesNothing() {
    var state = selected(10, at: 1)
    _ = state.handle(.remove)
    let effects = state.handle(.refresh)
    guard case .load(let request) = effects.first else {
      Issue.record("no refresh asked for: \(effects)")
      return
    }
    _ = state.apply(
      .replaced(Fixtures.items(10), skipped: SkipReport(), hasMore: false), to: request)
    #expect(state.items.count == 10)
    _ = state.handle(.undo)
    #expect(state.items.count == 10)
    #expect(state.message == "nothing to undo")
  }

  @Test func undoAfterLoadingMoreStillRestoresInPlace() {
    var state = BrowserState(
      options: BrowserOptions(columns: 3, pictures: false),
      screen: CanvasSize(columns: 60, rows: 30))
    let effects = state.start(with: Fixtures.items(6), skipped: SkipReport(), hasMore: true)
    _ = state.handle(.select(.next))
    _ = state.handle(.remove)
    guard case .load(let request) = effects.first else {
      Issue.record("no load-more asked for: \(effects)")
      return
    }
    _ = state.apply(
      .appended(Fixtures.items(3, prefix: "more"), skipped: SkipReport(), hasMore: false),
      to: request)
    #expect(state.items.count == 8)
    _ = state.handle(.undo)
    #expect(
      titles(state) == titles(Fixtures.state(Fixtures.items(6))) + ["more 1", "more 2", "more 3"])
  }

  @Test func removingAPagesItemsKeepsThePageRowsRight() {
    var state = BrowserState(
      options: BrowserOptions(columns: 3, pictures: false),
      screen: CanvasSize(columns: 60, rows: 200))
    let effects = state.start(
      with: Fixtures.items(2), skipped: SkipReport(), hasMore: true, title: "Feed")
    guard case .load(let request) = effects.first else { return }
    _ = state.apply(
      .appended(Fixtures.items(2, prefix: "p2"), skipped: SkipReport(), hasMore: false),
      to: request)
    func rows() -> [FullWidthRow] {
      state.visibleBoxes().compactMap {
        if case .row(let row) = $0.content { return row } else { return nil }
      }
    }
    #expect(rows() == [.header("Feed"), .page(2)])
    _ = state.handle(.select(.next))
    _ = state.handle(.select(.next))
    _ = state.handle(.select(.next))
    _ = state.handle(.remove)
    _ = state.handle(.remove)
    #expect(rows() == [.header("Feed")])
    _ = state.handle(.undo)
    _ = state.handle(.undo)
    #expect(rows() == [.header("Feed"), .page(2)])
    let row = state.visibleBoxes().first { $0.content == .row(.page(2)) }?.rect.row ?? 0
    #expect((state.cellRect(of: 1)?.bottom ?? .max) <= row)
    #expect((state.cellRect(of: 2)?.row ?? 0) > row)
  }

  @Test(arguments: [LayoutStyle.carousel, .ring])
  func removeInTheCarouselAndRingTakesTheCentredItem(style: LayoutStyle) {
    var state = selected(10, at: 4, style: style)
    #expect(state.selection == 4)
    _ = state.handle(.remove)
    #expect(!titles(state).contains("item 5"))
    #expect(state.selection == 4)
    _ = state.handle(.undo)
    #expect(state.items.count == 10)
    #expect(state.selection == 4)
    #expect(BrowserView(theme: Theme()).label(at: 4, in: state)?.title.string == "item 5")
  }

  @Test func removingTheLastItemLeavesAnEmptyView() {
    var state = selected(1, at: 0)
    _ = state.handle(.remove)
    #expect(state.items.isEmpty)
    #expect(state.selection == nil)
    _ = render(state)
    _ = state.handle(.undo)
    #expect(state.items.count == 1)
  }
}
