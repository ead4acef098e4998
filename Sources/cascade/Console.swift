import BrowserCore
import Foundation

/// Writes to stdout and stderr. Errors go out as one line, prefixed with the program's name, so
/// that scripts can show them as they are.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes `bytes` as they are, with no copy: for large output gathered in blocks. A closed
  /// output ends the writing quietly, as it would for a pipe's reader that stopped reading.
  static func out(_ bytes: UnsafeBufferPointer<UInt8>) {
    var rest = UnsafeRawBufferPointer(bytes)
    while let base = rest.baseAddress, !rest.isEmpty {
      let written = write(STDOUT_FILENO, base, rest.count)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      rest = UnsafeRawBufferPointer(rebasing: rest[written...])
    }
  }

  /// Errors can quote a feed (a `next` link, a server's text) or an argument, and stderr is a
  /// terminal with no curses in between: the message is sanitised like any text from a feed,
  /// which also keeps it on one line.
  static func error(_ message: String) {
    let safe = DisplayText(message, maximumWidth: 2_000).string
    FileHandle.standardError.write(Data("cascade: \(safe)\n".utf8))
  }
}
