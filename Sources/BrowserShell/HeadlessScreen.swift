import BrowserCore
import Glibc

/// A headless ncurses terminal that writes into a temporary file, for measuring the bytes a
/// terminal would be sent.
package enum HeadlessScreen {
  /// Sets the process's locale from the environment, or to `C.UTF-8` where that is not a
  /// UTF-8 one: curses writes characters a locale without them cannot encode as spaces.
  static func useUTF8Locale() {
    if setlocale(LC_ALL, "").map({ String(cString: $0) })?.uppercased().contains("UTF") != true {
      setlocale(LC_ALL, "C.UTF-8")
    }
  }

  /// Runs `body` with a terminal of type `type` and `size`, and a function that returns the
  /// bytes written so far (ncurses' output flushed first). Sets a UTF-8 locale first if the
  /// process has none (`useUTF8Locale`), as the browser needs.
  package static func run<T>(
    type: String, size: CanvasSize, _ body: (Terminal, () -> Int) -> T
  ) throws(TerminalError) -> T {
    useUTF8Locale()
    guard let output = tmpfile(), let input = fopen("/dev/null", "r") else {
      throw .notATerminal
    }
    defer {
      fclose(output)
      fclose(input)
    }
    let terminal = try Terminal(headless: type, output: output, input: input)
    defer { terminal.restore() }
    terminal.resize(size)
    return body(terminal) {
      fflush(output)
      return ftell(output)
    }
  }
}
