import BrowserCore
import Foundation

/// Writes to stdout and stderr. Errors go out as one line, prefixed with the program's name, so
/// that scripts can show them as they are.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Errors can quote a feed (a `next` link, a server's text) or an argument, and stderr is a
  /// terminal with no curses in between: the message is sanitised like any text from a feed,
  /// which also keeps it on one line.
  static func error(_ message: String) {
    let safe = DisplayText(message, maximumWidth: 2_000).string
    FileHandle.standardError.write(Data("cascade: \(safe)\n".utf8))
  }
}
