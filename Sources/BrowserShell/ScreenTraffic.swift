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
    try HeadlessScreen.run(type: terminalType, size: state.screen) { terminal, written in
      let view = BrowserView(theme: theme)
      func frame(_ state: BrowserState) -> Int {
        send(state, view, terminal)
        return written()
      }
      terminal.erase()
      terminal.present()
      let blank = written()
      let full = frame(state)
      var scrolled = state
      _ = scrolled.update(.action(.scroll(rows)))
      let after = frame(scrolled)
      return (full - blank, after - full)
    }
  }

  /// Scrolls `state` one row at a time, `steps` times, each frame drawn through ncurses and
  /// sent (into a temporary file) as the browser draws and sends it: the work between a key
  /// and its frame on the terminal, for timing. Returns the bytes sent.
  ///
  /// Sets the process's locale to a UTF-8 one if it has none, as the browser needs.
  public static func scroll(
    _ state: BrowserState, steps: Int, theme: Theme = Theme(),
    terminalType: String = "xterm-256color"
  ) throws(TerminalError) -> Int {
    try HeadlessScreen.run(type: terminalType, size: state.screen) { terminal, written in
      let view = BrowserView(theme: theme)
      var stepping = state
      for _ in 0..<steps {
        _ = stepping.update(.action(.scroll(1)))
        send(stepping, view, terminal)
      }
      return written()
    }
  }

  /// Draws `state` through ncurses and sends the frame, as the browser's loop does.
  private static func send(_ state: BrowserState, _ view: BrowserView, _ terminal: Terminal) {
    var canvas = CursesCanvas(terminal: terminal)
    view.draw(state, into: &canvas)
    terminal.present()
  }
}
