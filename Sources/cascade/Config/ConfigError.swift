/// A config file that cannot be used: each names the file, and where it can, the line and
/// column or the key, and what is allowed there. The command exits with status 2 before it
/// touches the terminal.
enum ConfigError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case syntax(path: String, line: Int, column: Int, message: String)
  case notAnObject(path: String, got: String)
  case unknownKey(path: String, key: String)
  /// An option only the command line takes (`--header`, `--config`, `--last`, …).
  case commandLineOnly(path: String, key: String)
  case badValue(path: String, key: String, message: String)

  var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read the config file \(path): \(reason)"
    case .syntax(let path, let line, let column, let message):
      "\(path):\(line):\(column): \(message)"
    case .notAnObject(let path, let got):
      "\(path): the config must be one JSON object ({\"columns\": 4, …}), got \(got)"
    case .unknownKey(let path, let key):
      "\(path): unknown key \"\(key)\""
        + (ConfigError.nearestKey(to: key).map { " (did you mean \"\($0)\"?)" } ?? "")
        + "; a key is an option's name without the dashes, "
        + "\"\(ThemeConfig.key)\" or \"\(KeysConfig.key)\""
    case .commandLineOnly(let path, let key):
      "\(path): \"\(key)\" is not read from a config file"
        + (key == "header"
          ? ": headers go only to the feed they are given with, so give --header on the command "
            + "line with that feed"
          : "; give --\(key) on the command line")
    case .badValue(let path, let key, let message):
      message.hasPrefix("\"") ? "\(path): \(message)" : "\(path): \"\(key)\" \(message)"
    }
  }

  /// The config key closest to a mistyped one, if it is within two edits: `colums` → `columns`.
  static func nearestKey(to key: String) -> String? {
    let keys =
      OptionTable.all.filter(\.configurable).map(\.configKey) + [ThemeConfig.key, KeysConfig.key]
    let scored = keys.map { ($0, editDistance(Array(key), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
    return best.0
  }

  /// Levenshtein distance, on a key's few characters.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
