import Testing

@testable import BrowserCore

/// The selection stays on screen: no key acts on an item the reader cannot see.
@Suite struct SelectionFollowsViewTests {
  @Test func pagingAwayMovesTheSelectionIntoView() throws {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    state.select(3)
    let column = try #require(state.cellRect(of: 3)).column
    for _ in 0..<3 { _ = state.handle(.page(1)) }
    let selected = try #require(state.selection)
    #expect(selected != 3)
    #expect(state.visibleIndices().contains(selected))
    // The stand-in shares the old box's column.
    #expect(try #require(state.cellRect(of: selected)).column == column)
    _ = state.handle(.details)
    #expect(state.panel == .details(selected))
  }

  @Test func removingAfterPagingRemovesABoxInViewAndStaysThere() throws {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    state.select(3)
    for _ in 0..<3 { _ = state.handle(.page(1)) }
    let top = state.top
    let selected = try #require(state.selection)
    let title = state.items[selected].title
    _ = state.handle(.remove)
    // The boxes after it flow up a place; the view stays about where it was.
    #expect(abs(state.top - top) < state.viewRows)
    #expect(!state.items.contains { $0.title == title })
    #expect(state.items.contains { $0.title == "item 4" })
    #expect(state.selection.map { state.visibleIndices().contains($0) } == true)
  }

  @Test func scrollingKeepsASelectionThatIsStillInView() {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    state.select(30)
    _ = state.handle(.scroll(1))
    #expect(state.selection == 30)
  }

  @Test func withNothingSelectedScrollingSelectsNothing() {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    _ = state.handle(.page(1))
    #expect(state.selection == nil)
  }
}

extension SelectionFollowsViewTests {
  /// A window shrunk below the selected box keeps it selected, scrolled into the smaller view,
  /// and grown back keeps it still: the box was left below the view's end, and the selection
  /// went to another box each time (item 2, 5, 6 … by the size).
  @Test(arguments: [
    CanvasSize(columns: 120, rows: 10), CanvasSize(columns: 80, rows: 12),
    CanvasSize(columns: 20, rows: 5), CanvasSize(columns: 1, rows: 1),
    CanvasSize(columns: 120, rows: 2),
  ])
  func aShrunkWindowKeepsTheSelectedBox(small: CanvasSize) throws {
    let large = CanvasSize(columns: 120, rows: 40)
    var state = Fixtures.state(Fixtures.items(200), columns: 4, size: large)
    // A box low on the first screen.
    let low = try #require(
      state.visibleIndices().max {
        (state.cellRect(of: $0)?.row ?? 0) < (state.cellRect(of: $1)?.row ?? 0)
      })
    state.select(low)
    _ = state.update(.resized(small))
    #expect(state.selection == low, "at \(small)")
    // In view, unless no box fits at all (one row, the status line's).
    let shown = state.visibleIndices()
    #expect(shown.isEmpty == (state.viewRows == 0) && (shown.isEmpty || shown.contains(low)))
    _ = state.update(.resized(large))
    #expect(state.selection == low, "back from \(small)")
    #expect(state.visibleIndices().contains(low))
  }
}

extension SelectionFollowsViewTests {
  /// A window shrunk until no box fits (1×1) and grown back shows what it showed, with the
  /// same box selected, for every box on the screen: the tiny window's top, in a layout of its
  /// own, moved the view, and the selection went to another box (item 2 became 5).
  @Test(arguments: [nil, 3] as [Int?])
  func aWindowShrunkToNothingAndBackShowsTheSameBoxes(columns: Int?) throws {
    let large = CanvasSize(columns: 120, rows: 40)
    for scrolled in [0, 37, 120] {
      var state = Fixtures.state(Fixtures.items(200), columns: columns, size: large)
      _ = state.handle(.scroll(scrolled))
      let before = state
      for tiny in [CanvasSize(columns: 1, rows: 1), CanvasSize(columns: 30, rows: 1)] {
        var unselected = before
        _ = unselected.update(.resized(tiny))
        _ = unselected.update(.resized(large))
        #expect(unselected.top == before.top, "\(tiny), scrolled \(scrolled)")
      }
      for item in before.visibleIndices() {
        var state = before
        state.select(item)
        let top = state.top
        _ = state.update(.resized(CanvasSize(columns: 1, rows: 1)))
        _ = state.update(.resized(large))
        #expect(state.selection == item, "scrolled \(scrolled), item \(item)")
        // The same view, or (a box the view's edge cut) moved just to show the box whole.
        let rect = try #require(state.cellRect(of: item))
        func whole(at top: Int) -> Bool {
          rect.row >= top && rect.row + rect.height <= top + state.viewRows
        }
        // A box taller than the view (a tall picture filling a wide column) shows its top.
        let shown =
          rect.height > state.viewRows
          ? state.top == top || state.top == rect.row
          : whole(at: state.top) && abs(state.top - top) < rect.height
        #expect(whole(at: top) ? state.top == top : shown, "scrolled \(scrolled), item \(item)")
      }
    }
  }
}
