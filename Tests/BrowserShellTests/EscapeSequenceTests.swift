import BrowserCore
import Testing

@testable import BrowserShell

/// An ESC is Esc only when nothing follows it at once.
@Suite struct EscapeSequenceTests {
  private func decode(_ text: String) -> (Key?, left: Int) {
    var inputs = text.unicodeScalars.map { EscapeSequence.Input.character($0.value) }
    let key = EscapeSequence.decode {
      inputs.isEmpty ? nil : inputs.removeFirst()
    }
    return (key, inputs.count)
  }

  @Test func aLoneEscapeIsEscape() {
    #expect(decode("").0 == .escape)
  }

  @Test(arguments: ["j", "q", "x", "1", "é"])
  func altWithAKeyIsAltNeverEscape(key: String) {
    #expect(decode(key).0 == .alt(Character(key)))
  }

  @Test(arguments: ["[<32;10;5M", "[<0;1;1m", "[M`**", "[I", "[O", "[1;3A", "OP", "[200~"])
  func sequencesNcursesDoesNotKnowAreReadToTheirEndAndIgnored(sequence: String) {
    // (An SGR wheel step or press is read as one: `MouseInputTests`; a drag and a release
    // are dropped.)
    let (key, left) = decode(sequence)
    #expect(key == nil)
    #expect(left == 0, "\(left) inputs of \(sequence) were left to be read as keys")
  }

  /// A terminal's answer to the picture probe that comes after the probe's time: a string
  /// (DCS, APC, OSC) read to its end and dropped, the keys after it kept. Read as keys, an
  /// `XTerm(390)` refreshed the feed, changed the columns and left a count pending.
  @Test(arguments: [
    "P>|XTerm(390)\u{1B}\\", "_Gi=31;OK\u{1B}\\", "]11;rgb:0000/0000/0000\u{07}",
    "P1$r0;1m\u{1B}\\", "^private\u{1B}\\", "X\u{1B}\\",
  ])
  func lateAnswersAreReadToTheirEndAndDropped(answer: String) {
    let (key, left) = decode(answer + "jq")
    #expect(key == nil)
    #expect(left == 2, "the answer's end, or more, was left to be read as keys")
  }

  /// Cursor and paging keys as a terminal sends them unmodified: what keys typed before curses
  /// started arrive as, and what ncurses passes on when its terminfo entry does not name them.
  @Test(arguments: [
    ("[A", Key.up), ("[B", .down), ("[C", .right), ("[D", .left), ("OA", .up), ("OD", .left),
    ("[H", .home), ("OF", .end), ("[1~", .home), ("[4~", .end), ("[5~", .pageUp),
    ("[6~", .pageDown), ("[Z", .backTab),
  ])
  func cursorKeysAreDecoded(sequence: String, key: Key) {
    let (decoded, left) = decode(sequence + "j")
    #expect(decoded == key)
    #expect(left == 1)
  }

  @Test(arguments: ["P", "_", "]", "X", "^"])
  func theirLettersAloneAreStillAltKeys(letter: String) {
    #expect(decode(letter).0 == .alt(Character(letter)))
  }

  @Test func anSGRReportEndsAtItsFinalByte() {
    #expect(decode("[<0;10;5M5").left == 1)
  }

  @Test func aDecodedKeyAfterEscapeIsIgnored() {
    var inputs: [EscapeSequence.Input] = [.code(0x102)]
    #expect(EscapeSequence.decode { inputs.popLast() } == nil)
  }

  @Test func altKeysHaveNoBindingSoTheyNeverQuit() {
    for scalar in (0x21...0x7E).compactMap(Unicode.Scalar.init) {
      let action = KeyMap.action(for: .alt(Character(scalar)))
      #expect(action != .quit && action != .escape, "Alt+\(scalar)")
    }
  }
}
