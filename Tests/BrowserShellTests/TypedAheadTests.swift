import BrowserCore
import Testing

@testable import BrowserShell

/// Keys typed before the browser started, read by the probe, are decoded as ncurses would.
@Suite struct TypedAheadTests {
  @Test func typedBytesBecomeTheKeysTheyWere() {
    let bytes = Array("5j\u{1B}[6~é\u{1B}OB\r\u{7F}\u{3}\u{1B}x\u{1B}".utf8)
    #expect(
      TypedAhead.keys(bytes) == [
        .character("5"), .character("j"), .pageDown, .character("é"), .down, .enter, .backspace,
        .control("c"), .alt("x"), .escape,
      ])
  }

  @Test func sequencesWithNoKeyAreDropped() {
    #expect(TypedAhead.keys(Array("\u{1B}[<64;10;5Mq\u{1B}[1;3A".utf8)) == [.character("q")])
    #expect(TypedAhead.keys([]).isEmpty)
  }
}
