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
    // The layout and items commands draw nothing, so their configuration has no colours.
    if command != .layout, command != .items {
      lines.append("  " + ThemeConfig.render(settings.theme))
    }
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
  static func quoted(_ text: String) -> String { JSONText.quoted(text) }
}
