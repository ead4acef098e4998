import Testing

@testable import BrowserCore

/// `25G` and `:25` Enter go to item 25; digits on their own still set the column count.
@Suite struct JumpToItemTests {
  private func type(_ actions: [Action], into state: inout BrowserState) -> [Effect] {
    actions.flatMap { state.handle($0) }
  }

  @Test func aCountBeforeGGoesToThatItemAndKeepsTheColumns() throws {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    _ = type([.digit(2), .digit(5)], into: &state)
    #expect(state.prefix.display == "25")
    _ = type([.bottom], into: &state)
    #expect(state.selection == 24)
    #expect(state.visibleIndices().contains(24))
    #expect(state.columnCount == 3)
    #expect(state.prefix.count == nil)
    #expect(state.message == "#25")
    let rect = try #require(state.cellRect(of: 24))
    #expect(rect.row - state.top <= 1)
  }

  @Test func aDigitAloneStillSetsTheColumns() {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    // A key that takes no count drops it; one that does (`5j`) would give the columns back.
    _ = type([.digit(5), .togglePictures], into: &state)
    #expect(state.columnCount == 5)
    #expect(state.prefix.count == nil)
  }

  @Test func thePromptGoesToTheItemTyped() {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    _ = type([.prompt, .digit(1), .digit(2), .digit(9), .deleteBack], into: &state)
    #expect(state.prefix.display == ":12")
    #expect(state.columnCount == 3)
    _ = type([.details], into: &state)
    #expect(state.selection == 11)
    #expect(state.panel == .none)
    #expect(state.prefix.display == nil)
  }

  @Test func anyOtherKeyClosesThePromptAndDoesNothingElse() {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    let effects = type([.prompt, .digit(4), .quit], into: &state)
    #expect(!effects.contains(.quit))
    #expect(state.prefix.prompt == nil)
    #expect(state.selection == nil)
  }

  @Test func aNumberPastTheEndGoesToTheLastItemAndSaysSo() {
    var state = Fixtures.state(Fixtures.items(40), columns: 3)
    _ = type([.digit(9), .digit(9), .digit(9), .bottom], into: &state)
    #expect(state.selection == 39)
    #expect(state.message == "#40: there are only 40 items")
  }

  @Test func theRingTurnsToTheItem() {
    var state = Fixtures.state(Fixtures.items(40), options: BrowserOptions(style: .ring))
    _ = type([.digit(1), .digit(7), .bottom], into: &state)
    #expect(state.selection == 16)
  }

  @Test func theStatusLineShowsThePrompt() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 60, rows: 20))
    _ = type([.prompt, .digit(7)], into: &state)
    let canvas = render(state)
    #expect(canvas.line(canvas.size.rows - 1).contains(":7"))
  }
}
