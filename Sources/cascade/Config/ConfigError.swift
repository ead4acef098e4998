/// A config file that cannot be used: each names the file, and where it can, the line and
/// column or the key, and what is allowed there. The command exits with status 2 before it
/// touches the terminal.
enum ConfigError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case syntax(path: String, line: Int, column: Int, message: String)
  case notAnObject(path: String, got: String)
  case unknownKey(path: String, key: String)
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
      "\(path): unknown key \"\(key)\"; a key is an option's name without the dashes, "
        + "or \"\(ThemeConfig.key)\" (cascade --print-config writes them all)"
    case .badValue(let path, let key, let message):
      message.hasPrefix("\"") ? "\(path): \(message)" : "\(path): \"\(key)\" \(message)"
    }
  }
}
