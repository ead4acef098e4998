import Testing

@testable import BrowserCore

@Suite struct KeyMapTests {
  @Test(arguments: [
    (Key.character("j"), Action.scroll(1)), (.down, .scroll(1)), (.character("k"), .scroll(-1)),
    (.up, .scroll(-1)), (.character(" "), .page(1)), (.pageDown, .page(1)),
    (.control("f"), .page(1)), (.character("b"), .page(-1)), (.pageUp, .page(-1)),
    (.control("b"), .page(-1)), (.control("d"), .page(0.5)), (.control("u"), .page(-0.5)),
    (.character("g"), .top), (.home, .top), (.character("G"), .bottom), (.end, .bottom),
    (.character("h"), .select(.left)), (.left, .select(.left)),
    (.character("l"), .select(.right)), (.right, .select(.right)), (.tab, .select(.next)),
    (.backTab, .select(.previous)), (.enter, .details), (.character("o"), .open),
    (.character("+"), .columns(.more)), (.character("-"), .columns(.fewer)),
    (.character("1"), .digit(1)), (.character("9"), .digit(9)),
    (.character("r"), .refresh), (.character("?"), .help), (.character("q"), .quit),
    (.control("c"), .quit), (.escape, .escape), (.wheelUp, .wheel(-3)), (.wheelDown, .wheel(3)),
    (.character("L"), .nextStyle), (.character("d"), .remove), (.character("u"), .undo),
  ])
  func keysMapToTheirActions(key: Key, action: Action) {
    #expect(KeyMap.action(for: key) == action)
  }

  @Test func unboundKeysDoNothing() {
    #expect(KeyMap.action(for: .character("Z")) == nil)
    #expect(KeyMap.action(for: .character("z")) == nil)
    #expect(KeyMap.action(for: .resize) == nil)
  }
}
