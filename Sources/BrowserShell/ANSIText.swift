import BrowserCore
import PictureCells

/// A canvas written out as text with ANSI colour and attribute escapes: what `cascade print`
/// sends to a pipe or a terminal without taking the screen.
///
/// Cell text is already sanitised (`DisplayText`); the only escapes written are the SGR
/// sequences made here.
public enum ANSIText {
  /// Rows `rows` of `canvas`, each line ending in a reset and a newline. With no colour mode
  /// the lines are plain text, with no escape at all, not even bold: what `--color none`,
  /// `NO_COLOR` and `TERM=dumb` ask for is text a pager, a file or a dumb terminal shows as is.
  public static func lines(
    of canvas: MemoryCanvas, rows: Range<Int>, colorMode: CellColorMode?
  ) -> String {
    var out = ""
    for row in rows.clamped(to: 0..<canvas.size.rows) {
      guard colorMode != nil else {
        out += plainLine(of: canvas, row: row) + "\n"
        continue
      }
      var current: CellAppearance? = nil
      var line = ""
      var pendingBlanks = ""
      for column in 0..<canvas.size.columns {
        let cell = canvas[row, column]
        guard cell.width > 0 else { continue }
        let plainBlank = cell.text == " " && cell.style == .plain
        if plainBlank && (current == nil || current == .plain) {
          pendingBlanks += " "
          continue
        }
        line += pendingBlanks
        pendingBlanks = ""
        if cell.style != current {
          line += sgr(cell.style, colorMode: colorMode)
          current = cell.style
        }
        line += cell.text
      }
      // Trailing blanks in the default colours are dropped, as a terminal would show them.
      out += line + (current == nil || current == .plain ? "" : "\u{1B}[0m") + "\n"
    }
    return out
  }

  /// A row's text without its trailing blanks.
  private static func plainLine(of canvas: MemoryCanvas, row: Int) -> String {
    var line = ""
    for column in 0..<canvas.size.columns where canvas[row, column].width > 0 {
      line += canvas[row, column].text
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// The escape that sets `style` from scratch.
  static func sgr(_ style: CellAppearance, colorMode: CellColorMode?) -> String {
    var codes = ["0"]
    let attributes: [(CellAttributes, String)] = [
      (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
    ]
    for (attribute, code) in attributes where style.attributes.contains(attribute) {
      codes.append(code)
    }
    if let colorMode {
      if let fg = code(style.foreground, colorMode: colorMode, background: false) {
        codes.append(fg)
      }
      if let bg = code(style.background, colorMode: colorMode, background: true) {
        codes.append(bg)
      }
    }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func code(_ color: Color, colorMode: CellColorMode, background: Bool)
    -> String?
  {
    let base = background ? 40 : 30
    switch (color, colorMode) {
    case (.default, _): return nil
    case (.rgb(let r, let g, let b), .direct):
      return "\(base + 8);2;\(r);\(g);\(b)"
    case (.ansi(let n), _):
      return n < 8 ? "\(base + Int(n))" : "\(base + 60 + Int(n & 7))"
    case (_, .direct), (_, .palette256):
      return "\(base + 8);5;\(color.paletteIndex)"
    case (_, .palette16):
      let index = color.sixteenIndex
      return index < 8 ? "\(base + index)" : "\(base + 60 + index - 8)"
    }
  }
}
