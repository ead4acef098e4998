/// Characters no real link holds, which make a link something other than what it shows.
///
/// Controls (C0, DEL, C1) act where the link is pasted or passed on; the invisible ones are
/// worse for being unseen: a right-to-left override (U+202E) or an isolate (U+2066–2069) makes
/// `https://example.com/gpj.exe` read as another address, a zero-width space (U+200B), a byte
/// order mark (U+FEFF) or the Arabic letter mark (U+061C) makes two different links look the
/// same, and a line or paragraph separator (U+2028, U+2029) or a space that is not ASCII's
/// splits a link where it is pasted. The status line hides them all, so `o` and `y`/`Y` refuse
/// a link that holds any.
public enum LinkCharacters {
  /// Whether `scalar` is a control, an invisible format character (Unicode's `Cf`), a line or
  /// paragraph separator, or a space other than ASCII's.
  public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    case .spaceSeparator: scalar != " "
    default: false
    }
  }

  /// Whether `link` holds a character `isHidden` names.
  public static func hidesAny(_ link: String) -> Bool {
    link.unicodeScalars.contains(where: isHidden)
  }
}
