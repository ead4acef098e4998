/// Text from outside made safe to print: C0 and C1 controls, DEL, bidirectional formatting,
/// zero-width and separator characters written as `\u{1b}`, so that printing it cannot move the
/// cursor, retitle the terminal, reorder text or hide a difference. Error messages quote feeds,
/// servers and config files through it.
package enum ControlEscapes {
  /// `text` with every control written as `\u{1b}`; `text` itself when it has none.
  package static func escaping(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
    return out
  }

  /// Appends `scalar` to `out`, written as `\u{1b}` if it is a control.
  package static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
    if isControl(scalar) {
      out += "\\u{\(String(scalar.value, radix: 16))}"
    } else {
      out.unicodeScalars.append(scalar)
    }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069,
      0xFEFF:
      true
    default: false
    }
  }
}

extension String {
  /// The string with its controls written as `\u{1b}` (`ControlEscapes`): for quoting text from
  /// outside in a message, such as a config file's key binding.
  package var escapingControls: String { ControlEscapes.escaping(self) }
}
