import FoundationEssentials

/// "Did you mean …?" for a mistyped option or command: the closest name within two edits, by
/// the same edit distance the config file's keys are matched with (`ConfigError`).
enum NearestName {
  /// The name in `names` closest to `word`, if it is within two edits and those are no more
  /// than half the word (`hlep` is `help`; `ls` is no command); ties go to the first in
  /// `names`.
  static func nearest(to word: String, among names: [String]) -> String? {
    let scored = names.map { ($0, ConfigError.editDistance(Array(word), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 > 0, best.1 <= 2,
      best.1 * 2 <= word.count
    else { return nil }
    return best.0
  }

  /// The commands a first argument can name, `help` included.
  static let commands = [
    "print", "layout", "items", "add", "remove", "import", "export", "help",
  ]

  /// The command `word`, given first, was meant to be: a bare word (no `/`, `.` or `:`, so not
  /// a path or a URL) that names no file here and is within two edits of a command.
  static func command(mistyped word: String) -> String? {
    guard !word.hasPrefix("-"), !word.contains(where: { "/.:".contains($0) }),
      !FileManager.default.fileExists(atPath: word)
    else { return nil }
    return nearest(to: word, among: commands)
  }

  /// The usage error for an option `command` does not know: the nearest of its own, or the
  /// command that does take it.
  static func unknownOption(_ option: String, for command: Command) -> UsageError {
    let own = OptionTable.options(for: command).flatMap { [$0.name] + [$0.alias].compactMap { $0 } }
    if !own.contains(option),
      let other = OptionTable.all.first(where: { $0.name == option || $0.alias == option })
    {
      let commands = [Command.browse, .print, .layout, .items, .export].filter(
        other.commands.contains)
      return UsageError(
        "\(option) is an option of \(commands.map(\.rawValue).joined(separator: " and ")), "
          + "not of \(command.rawValue)", command: command.rawValue)
    }
    let long = own.filter { $0.hasPrefix("--") } + ["--help", "--version"]
    let suggestion = nearest(to: option, among: long)
    return UsageError(
      "unknown option '\(option.escapingControls)'"
        + (suggestion.map { "; did you mean \($0)?" } ?? ""), command: command.rawValue)
  }
}
