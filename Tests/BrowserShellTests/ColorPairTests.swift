import BrowserCore
import CNCurses
import Glibc
import Testing

@testable import BrowserShell

/// Pictures ask for far more (foreground, background) pairs over a session than a terminal has;
/// every cell must still get its own colours.
@Suite(.serialized) struct ColorPairTests {
  func withTerminal(_ type: String, _ body: (Terminal) throws -> Void) throws {
    guard let output = tmpfile(), let input = fopen("/dev/null", "r") else { return }
    defer {
      fclose(output)
      fclose(input)
    }
    let terminal = try Terminal(headless: type, output: output, input: input)
    defer { terminal.restore() }
    try body(terminal)
  }

  @Test func pairsNeverRunOutAndNeverShowAnotherCellsColours() throws {
    // 24-bit colours: a session of pictures asks for far more pairs than the 65,536 there are.
    try withTerminal("xterm-direct") { terminal in
      // Six frames of 20,000 distinct pairs each, the first three asked for again at the end.
      for frame in [0, 1, 2, 3, 4, 5, 0, 1, 2] {
        terminal.erase()
        for i in 0..<20_000 {
          let foreground = Int32(0x100000 + frame * 20_000 + i)
          let background = Int32(0x800000 + i)
          let pair = terminal.pair(
            CellAppearance(
              foreground: .rgb(
                UInt8(foreground >> 16), UInt8(foreground >> 8 & 255), UInt8(foreground & 255)),
              background: .rgb(
                UInt8(background >> 16), UInt8(background >> 8 & 255), UInt8(background & 255))))
          #expect(pair > 0)
          var f: Int32 = -1
          var b: Int32 = -1
          extended_pair_content(pair, &f, &b)
          if f != foreground || b != background {
            Issue.record("frame \(frame), cell \(i): pair \(pair) is \(f)/\(b)")
            return
          }
        }
      }
    }
  }

  @Test func directColourTerminalsGetTheColourItself() throws {
    try withTerminal("xterm-direct") { terminal in
      #expect(terminal.colorCount >= 1 << 24)
      let pair = terminal.pair(
        CellAppearance(foreground: .rgb(0x12, 0x34, 0x56), background: .rgb(0, 0, 1)))
      var f: Int32 = -1
      var b: Int32 = -1
      extended_pair_content(pair, &f, &b)
      #expect(f == 0x123456)
      #expect(b == 8, "a 24-bit colour below 8 would be read as a basic colour")
    }
  }
}
