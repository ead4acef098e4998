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

/// A frame reaches the terminal in a few writes, not one for each move of the cursor.
@Suite struct TerminalFrameWriteTests {
  /// ncurses 6 empties its buffer after every cursor move until the screen has once been put
  /// away and taken back: a frame of the waterfall went out in ~260 writes of ~40 bytes, each
  /// waking the terminal (and tmux) to parse a piece of a frame.
  @Test func aFrameIsSentInAFewWrites() throws {
    let writes = try CursesLock.run { try frameWrites() }
    // 40 pieces of text far apart: 40 cursor moves. The frame is ~1 KB, under ncurses' buffer
    // of a screen's size: one write, two at most should the buffer be smaller.
    #expect(writes >= 1)
    #expect(writes <= 2, "a frame in \(writes) writes")
  }

  /// The writes of one frame with 40 pieces of text, counted on a socket that keeps each
  /// write a message of its own.
  private func frameWrites() throws -> Int {
    var ends: [Int32] = [-1, -1]
    try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
    defer { close(ends[0]) }
    let output = try #require(fdopen(ends[1], "w"))
    defer { fclose(output) }
    return try HeadlessTerminal.run(
      writingTo: output, size: CanvasSize(columns: 120, rows: 40)
    ) { terminal in
      _ = Self.messages(on: ends[0])
      terminal.erase()
      for piece in 0..<40 {
        terminal.put(
          "x", width: 1, row: piece, column: (piece * 37) % 120, style: CellAppearance())
      }
      terminal.present()
      return Self.messages(on: ends[0])
    }
  }

  /// The messages waiting on `socket`, read without waiting.
  private static func messages(on socket: Int32) -> Int {
    var count = 0
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 { count += 1 }
    return count
  }
}
