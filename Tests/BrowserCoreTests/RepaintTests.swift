import Testing

@testable import BrowserCore

/// `Ctrl-L` asks the shell to draw everything again and changes nothing of the browser: not a
/// panel, a prompt, a count or the place.
@Suite struct RepaintTests {
  @Test func controlLIsTheRepaint() {
    #expect(KeyMap.action(for: .control("l")) == .repaint)
    #expect(Action(name: "repaint") == .repaint)
  }

  @Test func aRepaintChangesNothingAndAsksTheShell() {
    var state = Fixtures.state(Fixtures.items(40), columns: 3)
    _ = state.update(.action(.scroll(5)))
    let before = state
    #expect(state.update(.action(.repaint)) == [.repaint])
    #expect(state.top == before.top && state.selection == before.selection)
  }

  @Test func aRepaintKeepsAPanelACountAndAPromptOpen() {
    var state = Fixtures.state(Fixtures.items(40), columns: 3)
    _ = state.update(.action(.help))
    #expect(state.update(.action(.repaint)) == [.repaint])
    #expect(state.panel == .help)
    _ = state.update(.action(.escape))
    _ = state.update(.action(.digit(2)))
    #expect(state.update(.action(.repaint)) == [.repaint])
    #expect(state.prefix.count == 2, "the count typed so far stays")
    _ = state.update(.action(.digit(5)))
    _ = state.update(.action(.bottom))
    #expect(state.selection == 24, "25G after a repaint still goes to item 25")
  }
}
