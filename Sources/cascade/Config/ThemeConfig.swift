import BrowserCore
import FeedKit

/// The config file's `"theme"`: a colour for each part of the interface, by name (`"blue"`,
/// `"bright-red"`, `"default"`), by number in the 256-colour palette (`208`), or as `"#rrggbb"`
/// (shown as the nearest palette colour where the terminal has no 24-bit colour).
enum ThemeConfig {
  static let key = "theme"

  /// The 8 ANSI colour names, in their order; `bright-` before one is the bright variant.
  static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// What a colour may be, for errors and the man page.
  static let allowed =
    "a colour name (\(names.joined(separator: ", ")), bright-red and so on, default), "
    + "a number from 0 to 255, or \"#rrggbb\""

  /// The parts, as `"border"`, `"selection"`, … for errors and the man page.
  static var parts: String {
    ThemeColors.Part.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
  }

  static func parse(_ json: WrittenJSON, path: String) throws(ConfigError) -> ThemeColors {
    guard case .object(let members) = json else {
      throw .badValue(
        path: path, key: key,
        message: "must be an object of colours for \(parts), got \(json.kindName)")
    }
    var colors = ThemeColors()
    for (name, value) in members {
      guard let part = ThemeColors.Part(rawValue: name) else {
        throw .badValue(
          path: path, key: key, message: "has no part \"\(name)\"; the parts are \(parts)")
      }
      let color: Color?
      switch value {
      case .null: continue
      case .string(let text): color = Self.color(named: text)
      case .number(let text): color = UInt8(text).map(Color.palette)
      default: color = nil
      }
      guard let color else {
        let shown: String
        switch value {
        case .string(let text), .number(let text): shown = "'\(text)'"
        default: shown = value.kindName
        }
        throw .badValue(
          path: path, key: "\(key).\(name)", message: "must be \(allowed), got \(shown)")
      }
      colors[part] = color
    }
    return colors
  }

  static func color(named text: String) -> Color? {
    if text == "default" { return .default }
    if let index = names.firstIndex(of: text) { return .ansi(UInt8(index)) }
    if text.hasPrefix("bright-"), let index = names.firstIndex(of: String(text.dropFirst(7))) {
      return .ansi(UInt8(8 + index))
    }
    let hex = text.dropFirst()
    guard text.hasPrefix("#"), hex.count == 6, hex.allSatisfy(\.isHexDigit),
      let value = UInt32(hex, radix: 16)
    else { return nil }
    return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
  }

  /// The colour as the config file writes it.
  static func json(_ color: Color?) -> String {
    switch color {
    case nil: "null"
    case .default?: "\"default\""
    case .ansi(let n)?: "\"\(n >= 8 ? "bright-" : "")\(names[Int(n & 7)])\""
    case .palette(let n)?: "\(n)"
    case .rgb(let r, let g, let b)?:
      "\"#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
    }
  }

  /// `"theme": {"border": null, …}` with every part, for `--print-config`.
  static func render(_ colors: ThemeColors) -> String {
    let parts = ThemeColors.Part.allCases.map { "\"\($0.rawValue)\": \(json(colors[$0]))" }
    return "\"\(key)\": {" + parts.joined(separator: ", ") + "}"
  }
}
