import BrowserCore
import Glibc
import Testing

@testable import BrowserShell

@Suite struct TerminalKeyTests {
  @Test(arguments: [
    (UInt32(27), Key.escape), (9, .tab), (13, .enter), (10, .enter), (6, .control("f")),
    (2, .control("b")), (4, .control("d")), (21, .control("u")), (3, .control("c")),
    (0x6A, .character("j")), (0x2B, .character("+")), (0x5C71, .character("山")),
  ])
  func charactersDecodeToKeys(value: UInt32, key: Key) {
    #expect(Terminal.key(character: value) == key)
  }

  @Test func otherControlsAreIgnored() {
    #expect(Terminal.key(character: 0) == nil)
    #expect(Terminal.key(character: 127) == .backspace)
    #expect(Terminal.key(character: 0x1F) == nil)
  }
}

@Suite struct TerminalWidthTests {
  /// The table must agree with glibc's `wcwidth`, which ncurses uses to place characters.
  @Test func displayTextWidthsAgreeWithTheCLibrary() throws {
    // The locale is the process's, like curses' screen: changed only in turn with the curses
    // tests, which write UTF-8 (a "C" locale set meanwhile turned their symbols into spaces),
    // and given back as it was.
    try CursesLock.run {
      let previous = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
      guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { return }
      defer { setlocale(LC_CTYPE, previous ?? "C") }
      try checkWidths()
    }
  }

  private func checkWidths() throws {
    let samples: [UInt32] = [
      0x41, 0xE9, 0x301, 0x4E00, 0x3042, 0xFF21, 0xFF71, 0x1F341, 0x1F98A, 0xAC00, 0x2500, 0x2026,
      0x1F600, 0x231A, 0x2764, 0x20AC, 0x0E01, 0x0E31,
    ]
    for value in samples {
      let scalar = try #require(Unicode.Scalar(value))
      let expected = Terminal.libraryWidth(of: scalar)
      #expect(DisplayText.cellWidth(of: scalar) == expected, "U+\(String(value, radix: 16))")
    }
  }
}

@Suite struct TerminalErrorTests {
  /// TERM unset says so, with what to do; it was `cannot use the terminal type ""`, the same as
  /// a TERM set to nothing known.
  @Test func anUnsetTERMIsNamedAsUnset() {
    let unset = TerminalError.unknownTerminal("").description
    #expect(unset.hasPrefix("TERM is not set"))
    #expect(unset.contains("TERM=xterm-256color"))
    #expect(TerminalError.unknownTerminal("vt999").description.contains("\"vt999\""))
  }
}

/// vt100's `clear` is `\E[H\E[J$<50>`: written raw on quitting, "$<50>" was left on screen.
@Suite struct TerminfoPaddingTests {
  @Test func delayMarkersAreDropped() {
    #expect(
      Terminal.withoutPadding(Array("\u{1B}[H\u{1B}[J$<50>".utf8)) == Array("\u{1B}[H\u{1B}[J".utf8)
    )
    #expect(Terminal.withoutPadding(Array("a$<5*/>b$<x>c$".utf8)) == Array("ab$<x>c$".utf8))
  }
}

/// Pictures drawn over the frame are pixels the terminal moves with its own scroll: with them,
/// ncurses must redraw a scrolled screen by its cells, never with a scroll region.
@Suite struct TerminalScrollTests {
  /// The bytes ncurses sends for a screen of numbered lines, then for the same lines three
  /// rows up, with ncurses set up for pixels drawn over the frame or not.
  private func scrollBytes(keepingPixelsStill: Bool) throws -> String {
    try CursesLock.run {
      HeadlessScreen.useUTF8Locale()
      return try HeadlessTerminal.run(
        size: CanvasSize(columns: 40, rows: 20), stillPixels: keepingPixelsStill
      ) { terminal, output in
        func draw(from first: Int) {
          terminal.erase()
          for row in 0..<20 {
            let text = "line \(first + row) of the numbered screen"
            for (column, character) in text.enumerated() {
              terminal.put(
                Substring(String(character)), width: 1, row: row, column: column,
                style: CellAppearance())
            }
          }
          terminal.present()
        }
        draw(from: 0)
        fflush(output)
        let start = ftell(output)
        draw(from: 3)
        fflush(output)
        let end = ftell(output)
        fseek(output, start, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: end - start)
        _ = fread(&bytes, 1, bytes.count, output)
        return String(decoding: bytes, as: UTF8.self)
      }
    }
  }

  /// Whether `text` holds a scroll region (`CSI top;bottom r`), a scroll (`CSI n S`, index)
  /// or a line insertion or deletion (`CSI n L`, `CSI n M`).
  private func scrollsTheTerminal(_ text: String) -> Bool {
    text.contains(/\u{1B}\[\d+;\d+r/) || text.contains(/\u{1B}\[\d*[SLM]/)
  }

  @Test func cursesScrollsTheTerminalByDefault() throws {
    // The control: what the browser keeps it from doing where pixels are drawn.
    #expect(scrollsTheTerminal(try scrollBytes(keepingPixelsStill: false)))
  }

  @Test func withPixelsDrawnCursesNeverScrollsTheTerminal() throws {
    let text = try scrollBytes(keepingPixelsStill: true)
    #expect(!scrollsTheTerminal(text))
    // Line 19 became line 22: its changed cells are written where they are (row 20, back
    // two columns).
    #expect(text.contains("\u{1B}[20d\u{8}\u{8}22"), "\(text)")
  }
}
