import BrowserCore

/// The canvas of the real terminal: each cell goes straight into ncurses' virtual screen, and
/// `Terminal.present()` sends only the cells that changed since the last frame.
struct CursesCanvas: Canvas {
  let terminal: Terminal
  let size: CanvasSize

  init(terminal: Terminal) {
    self.terminal = terminal
    size = terminal.size
  }

  /// `werase`, not `clear`: `clear` would repaint the whole screen on every frame.
  mutating func clear() { terminal.erase() }

  mutating func put(_ cluster: Substring, width: Int, row: Int, column: Int, style: CellAppearance)
  {
    guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
    if width == 2, column + 1 >= size.columns {
      terminal.put(" ", width: 1, row: row, column: column, style: style)
      return
    }
    terminal.put(cluster, width: width, row: row, column: column, style: style)
  }
}
