import Testing

@testable import BrowserCore

/// A click selects the box under it, a double click shows its post, a click on the
/// status line's hint shows the help, and any click closes what is open.
@Suite struct MouseClickTests {
  func boxRow(_ state: BrowserState, item: Int) throws -> (row: Int, column: Int) {
    let rect = try #require(state.cellRect(of: item))
    return (rect.row - state.top + 1, rect.column + 1)
  }

  @Test func aClickSelectsTheBoxUnderIt() throws {
    var state = Fixtures.state(Fixtures.items(40), options: BrowserOptions(columns: 3))
    let place = try boxRow(state, item: 2)
    _ = state.update(.click(MouseClick(button: .left, row: place.row, column: place.column)))
    #expect(state.selection == 2)
    #expect(state.panel == .none)
  }

  @Test func aDoubleClickShowsThePost() throws {
    var state = Fixtures.state(Fixtures.items(40), options: BrowserOptions(columns: 3))
    let place = try boxRow(state, item: 1)
    _ = state.update(
      .click(MouseClick(button: .left, row: place.row, column: place.column, count: 2)))
    #expect(state.panel == .details(1) && state.showsPost)
    _ = state.update(.click(MouseClick(button: .left, row: 0, column: 0)))
    #expect(state.panel == .none, "a click closes it")
  }

  @Test func aClickOnTheHintShowsTheHelp() {
    var state = Fixtures.state(Fixtures.items(40), options: BrowserOptions(columns: 3))
    _ = state.update(.click(MouseClick(button: .left, row: 23, column: 77)))
    #expect(state.panel == .help)
  }

  @Test func otherButtonsAndEmptyPlacesDoNothing() {
    var state = Fixtures.state(Fixtures.items(40), options: BrowserOptions(columns: 3))
    _ = state.update(.click(MouseClick(button: .right, row: 5, column: 5)))
    #expect(state.selection == nil)
    _ = state.update(.click(MouseClick(button: .left, row: 23, column: 2)))
    #expect(state.panel == .none)
  }
}
