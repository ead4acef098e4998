import BrowserCore
import Glibc

/// How many bytes ncurses sends to a terminal for the browser's frames: what a scroll costs over
/// a slow link (ssh, a serial line) is these bytes, so a one-row scroll must send a small part
/// of a full repaint.
public enum ScreenTraffic {
  /// The bytes of a full repaint of `state`'s screen, and of the redraw after scrolling it by
  /// `rows`, written by ncurses for a terminal of type `terminalType` into a temporary file.
  ///
  /// Sets the process's locale to a UTF-8 one if it has none, as the browser needs.
  public static func measure(
    _ state: BrowserState, scrolledBy rows: Int = 1, theme: Theme = Theme(),
    terminalType: String = "xterm-256color"
  ) throws(TerminalError) -> (fullRepaint: Int, scroll: Int) {
    try sending(size: state.screen, theme: theme, terminalType: terminalType) { send in
      let full = send(state)
      var scrolled = state
      _ = scrolled.update(.action(.scroll(rows)))
      return (full, send(scrolled) - full)
    }
  }

  /// Runs `body` with a function that draws a state through ncurses and sends the frame as the
  /// browser's loop does, into a temporary file standing for a terminal of type `terminalType`
  /// and `size`, and returns the bytes sent so far (an empty screen's own set-up not counted).
  /// What a key costs between it and its frame on the terminal is these calls, for timing.
  ///
  /// Sets the process's locale to a UTF-8 one if it has none, as the browser needs.
  public static func sending<T>(
    size: CanvasSize, theme: Theme = Theme(), terminalType: String = "xterm-256color",
    _ body: (_ send: (BrowserState) -> Int) -> T
  ) throws(TerminalError) -> T {
    try HeadlessScreen.run(type: terminalType, size: size) { terminal, written in
      let view = BrowserView(theme: theme)
      terminal.erase()
      terminal.present()
      let blank = written()
      return withoutActuallyEscaping(written) { written in
        body { state in
          var canvas = CursesCanvas(terminal: terminal)
          view.draw(state, into: &canvas)
          terminal.present()
          return written() - blank
        }
      }
    }
  }
}
