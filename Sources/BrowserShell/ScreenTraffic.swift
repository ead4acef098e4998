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
    if setlocale(LC_ALL, "").map({ String(cString: $0) })?.uppercased().contains("UTF") != true {
      setlocale(LC_ALL, "C.UTF-8")
    }
    guard let output = tmpfile(), let input = fopen("/dev/null", "r") else {
      throw .notATerminal
    }
    defer {
      fclose(output)
      fclose(input)
    }
    let terminal = try Terminal(headless: terminalType, output: output, input: input)
    defer { terminal.restore() }
    terminal.resize(state.screen)
    let view = BrowserView(theme: theme)
    func frame(_ state: BrowserState) -> Int {
      var canvas = CursesCanvas(terminal: terminal)
      view.draw(state, into: &canvas)
      terminal.present()
      fflush(output)
      return ftell(output)
    }
    terminal.erase()
    terminal.present()
    fflush(output)
    let blank = ftell(output)
    let full = frame(state)
    var scrolled = state
    _ = scrolled.update(.action(.scroll(rows)))
    let after = frame(scrolled)
    return (full - blank, after - full)
  }
}
