import Foundation

/// Writes to stdout and stderr. Errors go out as one line, prefixed with the program's name, so
/// that scripts can show them as they are.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func error(_ message: String) {
    FileHandle.standardError.write(Data("cascade: \(message)\n".utf8))
  }
}
