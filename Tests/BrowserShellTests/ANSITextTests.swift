import BrowserCore
import BrowserShell
import Testing

/// `cascade print`'s text: SGR escapes for the cells' colours and attributes, and none at all
/// when there is no colour mode (`--color none`, `NO_COLOR`, `TERM=dumb`).
@Suite struct ANSITextTests {
  static func canvas() -> MemoryCanvas {
    var canvas = MemoryCanvas(columns: 8, rows: 2)
    let bold = CellAppearance(foreground: .ansi(1), attributes: [.bold])
    for (column, character) in "ab".enumerated() {
      canvas.put(Substring(String(character)), width: 1, row: 0, column: column, style: bold)
    }
    canvas.put("界", width: 2, row: 1, column: 2, style: CellAppearance(background: .ansi(4)))
    return canvas
  }

  @Test func colourModeWritesEscapes() {
    let text = ANSIText.lines(of: Self.canvas(), rows: 0..<2, colorMode: .palette256)
    #expect(text.hasPrefix("\u{1B}[0;1;31mab\u{1B}[0m"))
    #expect(text.contains("界"))
  }

  @Test func noColourModeWritesPlainTextWithoutTrailingBlanks() {
    let text = ANSIText.lines(of: Self.canvas(), rows: 0..<2, colorMode: nil)
    #expect(text == "ab\n  界\n")
    #expect(!text.contains("\u{1B}"))
  }
}
