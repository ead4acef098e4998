/// A command line that cannot be run as written: exit status 2, one line on stderr.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  /// The command whose `--help` explains the fix.
  var command: String
  /// What to do instead of reading `--help`, when that is not where the fix is.
  var advice: String?

  init(_ message: String, command: String = "cascade", advice: String? = nil) {
    self.message = message
    self.command = command
    self.advice = advice
  }

  var description: String { "\(message) (\(advice ?? "see '\(command) --help'"))" }
}
