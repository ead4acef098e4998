/// Text written as a JSON string, by the commands that write JSON (`cascade items`, the config
/// file `--print-config` writes).
enum JSONText {
  /// `text` as a JSON string. Beyond the quote and the backslash, which JSON asks escaped,
  /// every control character (C0, DEL, C1), every invisible formatting character (a
  /// right-to-left override, a zero-width joiner, a tag) and the line and paragraph separators
  /// are written as `\u` escapes (two for a character past U+FFFF), so that what a feed hides
  /// in a title reaches neither a terminal nor a JavaScript reader as it is.
  static func quoted(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        let category = scalar.properties.generalCategory
        if category == .control || category == .format || category == .lineSeparator
          || category == .paragraphSeparator
        {
          for unit in String(scalar).utf16 { out += escaped(unit) }
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private static func escaped(_ unit: UInt16) -> String {
    let hex = String(unit, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
