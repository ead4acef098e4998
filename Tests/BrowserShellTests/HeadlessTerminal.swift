import BrowserCore
import Glibc
import Testing

@testable import BrowserShell

/// A headless `xterm-256color` terminal writing into a temporary file, for tests that look at
/// what curses and the pictures send.
enum HeadlessTerminal {
  /// Runs `body` with such a terminal of `size` (`stillPixels` as the browser sets it up for
  /// pictures drawn over the frame); returns what `body` returned.
  static func run<T>(
    size: CanvasSize = CanvasSize(columns: 40, rows: 12), stillPixels: Bool = false,
    _ body: (Terminal, UnsafeMutablePointer<FILE>) throws -> T
  ) throws -> T {
    let output = try #require(tmpfile())
    defer { fclose(output) }
    return try run(writingTo: output, size: size, stillPixels: stillPixels) {
      try body($0, output)
    }
  }

  /// Runs `body` with such a terminal writing to `output` (which stays open).
  static func run<T>(
    writingTo output: UnsafeMutablePointer<FILE>,
    size: CanvasSize = CanvasSize(columns: 40, rows: 12), stillPixels: Bool = false,
    _ body: (Terminal) throws -> T
  ) throws -> T {
    let input = try #require(fopen("/dev/null", "r"))
    defer { fclose(input) }
    let terminal = try Terminal(
      headless: "xterm-256color", output: output, input: input, stillPixels: stillPixels)
    defer { terminal.restore() }
    terminal.resize(size)
    return try body(terminal)
  }
}
