import BrowserCore

/// What an ESC that ncurses passed on as a key of its own stands for.
///
/// ncurses waits `ESCDELAY` after an ESC for the rest of a sequence it knows (an arrow, the
/// wheel); when nothing follows, the ESC was the Esc key. When something follows at once, it
/// was not a lone Esc: Alt+key sends ESC and the key, and a terminal may send sequences
/// ncurses has no name for (SGR mouse reports, focus events). Reading those as Esc would close
/// what is open, so they are read to their end and become Alt+key, a cursor key ncurses did
/// not decode, a click or a wheel step (`MouseInput`), or nothing.
enum EscapeSequence {
  /// One input from ncurses after the ESC.
  enum Input: Hashable {
    case character(UInt32)
    /// A key ncurses decoded (`KEY_…`).
    case code(Int32)
  }

  /// Decodes what follows an ESC; `next` gives the input waiting now, nil when none is.
  static func decode(next: () -> Input?) -> Key? {
    guard let first = next() else { return .escape }
    guard case .character(let value) = first else { return nil }
    switch value {
    case 0x5B:  // `[`: a CSI sequence; parameters and intermediates, then a final byte.
      var final: UInt32?
      var parameters = ""
      while case .character(let byte)? = next() {
        if (0x40...0x7E).contains(byte) {
          final = byte
          break
        }
        guard (0x20...0x3F).contains(byte), let scalar = Unicode.Scalar(byte) else { break }
        parameters.unicodeScalars.append(scalar)
      }
      // An X10 mouse report, ESC [ M with no parameters, carries three more bytes: button,
      // column, row. (The SGR report, ESC [ < … M, ends at its M.)
      if final == 0x4D, parameters.isEmpty { for _ in 0..<3 { _ = next() } }
      if parameters.hasPrefix("<"), let final { return MouseInput.report(parameters, final: final) }
      return final.flatMap { Self.cursorKey(final: $0, parameters: parameters) }
    case 0x4F:  // `O`: an SS3 sequence, one byte more.
      guard case .character(let final)? = next() else { return nil }
      return Self.cursorKey(final: final, parameters: "")
    case 0x50, 0x5F, 0x5D, 0x5E, 0x58:
      // `P` DCS, `_` APC, `]` OSC, `^` PM, `X` SOS: a string up to ST (ESC \) or BEL. A
      // terminal's answer to the picture probe that came after its time (XTVERSION's
      // `ESC P>|XTerm(390) ESC \`, kitty's `ESC _Gi=31;OK ESC \`) arrives as one; read as keys,
      // it refreshed, changed the columns, turned pictures off. Alone, the letter was Alt+key.
      guard var byte = next() else { return .alt(Character(Unicode.Scalar(UInt8(value)))) }
      while true {
        if case .character(0x07) = byte { break }
        if case .character(0x1B) = byte {
          _ = next()
          break
        }
        guard let following = next() else { break }
        byte = following
      }
      return nil
    case 0x21...0x7E, 0xA0...:
      return Unicode.Scalar(value).map { .alt(Character($0)) }
    default:
      return nil
    }
  }

  /// The unmodified cursor and paging keys as a VT100-like terminal sends them (`ESC [ A`,
  /// `ESC O A` in keypad mode, `ESC [ 5 ~`): what ncurses decodes itself when its terminfo
  /// entry names them, and what keys typed before curses started arrive as. With modifiers
  /// (`ESC [ 1 ; 3 A`) they stay unknown.
  static func cursorKey(final: UInt32, parameters: String) -> Key? {
    switch (parameters, final) {
    case ("", 0x41): .up
    case ("", 0x42): .down
    case ("", 0x43): .right
    case ("", 0x44): .left
    case ("", 0x48), ("1", 0x7E), ("7", 0x7E): .home
    case ("", 0x46), ("4", 0x7E), ("8", 0x7E): .end
    case ("5", 0x7E): .pageUp
    case ("6", 0x7E): .pageDown
    case ("", 0x5A): .backTab
    default: nil
    }
  }
}
