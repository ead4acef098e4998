/// Where the settings in force came from besides the defaults and the command line: the config
/// file read, or the places one was looked for. `--print-config` says it first, as a comment,
/// so a person who wonders which of several files won is told.
enum ConfigSource: Equatable, Sendable {
  case file(String)
  case none(searched: [String])

  /// The comment line `--print-config` starts with.
  var comment: String {
    switch self {
    case .file(let path):
      "// The defaults, then \(Self.shown(path)), then the command line."
    case .none(let searched) where searched.isEmpty:
      "// The defaults, then the command line: no config file."
    case .none(let searched):
      "// The defaults, then the command line: no config file at "
        + searched.map(Self.shown).joined(separator: " or ") + "."
    }
  }

  /// A path with its control characters written as escapes: a line break in it would end the
  /// comment and leave the rest of the path as text that is not JSON.
  private static func shown(_ path: String) -> String {
    var out = ""
    for scalar in path.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        out += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
