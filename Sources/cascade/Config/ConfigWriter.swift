import BrowserCore

/// Writes settings as a config file: `--print-config`.
///
/// Every configurable option of the command is written, in the order of `--help`, with its
/// effective value (`null` for one left to the terminal, `false` for a flag that is off), so the
/// output is both a list of every key and a config file that sets exactly what is in force. A
/// comment first says which config file was read, if any.
enum ConfigWriter {
  static func render(_ settings: Settings, for command: Command) -> String {
    var lines = OptionTable.options(for: command).filter(\.configurable).map { spec in
      "  \(quoted(spec.configKey)): \(json(spec.read(settings), kind: spec.kind))"
    }
    // The layout command draws nothing, so its configuration has no colours.
    if command != .layout { lines.append("  " + ThemeConfig.render(settings.theme)) }
    // Only the browser reads keys.
    if command == .browse {
      lines.append("  " + KeysConfig.render(KeyBindings(rebinding: settings.keys)))
    }
    return settings.configSource.comment + "\n{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }

  static func json(_ value: OptionSpec.Value?, kind: OptionSpec.Kind) -> String {
    switch value {
    case nil: if case .flag = kind { "false" } else { "null" }
    case .flag?: "true"
    case .integer(let n)?: "\(n)"
    case .unsigned(let n)?: "\(n)"
    case .number(let x)?: OptionSpec.format(x)
    case .text(let t)?: quoted(t)
    case .numbers(let n)?: "[" + n.map(OptionSpec.format).joined(separator: ", ") + "]"
    }
  }

  /// A JSON string: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
