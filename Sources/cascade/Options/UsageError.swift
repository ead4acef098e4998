/// A command line that cannot be run as written: exit status 2, one line on stderr.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  /// The command whose `--help` explains the fix.
  var command: String

  init(_ message: String, command: String = "cascade") {
    self.message = message
    self.command = command
  }

  var description: String { "\(message) (see '\(command) --help')" }
}
