import BrowserCore

/// The mouse as the browser asks for it and reads it: button events only, in SGR form.
///
/// The terminal is asked for presses and releases (mode 1000), drags while a button is held
/// (1002) and the SGR encoding (1006), which has no limit on the column; never for every
/// motion (1003), which floods the input while the pointer only passes over. Reports ncurses
/// decodes (where the terminfo's `kmous` names the SGR form) come through `getmouse`; the
/// others arrive as an escape sequence (`EscapeSequence`) and are read by `report(_:final:)`.
/// A second press on the same place soon after the first is a double click.
struct MouseInput {
  /// What turns the modes on, sent after ncurses' own (which may ask for 1003).
  static let enable = Array("\u{1B}[?1003l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
  /// What turns every mouse mode off again, the terminal's own text selection back.
  static let disable = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1003l".utf8)

  /// The longest pause between the presses of a double click.
  static let doubleClickInterval = Duration.milliseconds(400)

  private var last: (click: MouseClick, at: ContinuousClock.Instant)?

  /// `click` with its count: one more than the last press's when it came on the same cell (or
  /// the next one) with the same button within the interval, else 1.
  mutating func counted(_ click: MouseClick, at now: ContinuousClock.Instant = .now)
    -> MouseClick
  {
    var counted = click
    counted.count = 1
    if let last, last.click.button == click.button, abs(last.click.row - click.row) <= 1,
      abs(last.click.column - click.column) <= 1,
      last.at.duration(to: now) <= Self.doubleClickInterval
    {
      counted.count = last.click.count + 1
    }
    last = (counted, now)
    return counted
  }

  /// The key an SGR mouse report stands for (`ESC [ < b ; x ; y M`, parameters from `<`):
  /// a press of a button, or a step of the wheel; nil for a release, a drag, or anything
  /// malformed.
  static func report(_ parameters: String, final: UInt32) -> Key? {
    guard parameters.hasPrefix("<"), final == 0x4D else { return nil }
    let numbers = parameters.dropFirst().split(separator: ";").map { Int($0) }
    guard numbers.count == 3, let code = numbers[0], let x = numbers[1], let y = numbers[2],
      x >= 1, y >= 1
    else { return nil }
    // Low bits: the button; 32: motion; 64: the wheel. Shift, Alt and Ctrl (4, 8, 16) are
    // read as the plain press.
    if code & 32 != 0 { return nil }
    if code & 64 != 0 {
      switch code & 3 {
      case 0: return .wheelUp
      case 1: return .wheelDown
      default: return nil
      }
    }
    let button: MouseClick.Button
    switch code & 3 {
    case 0: button = .left
    case 1: button = .middle
    case 2: button = .right
    default: return nil
    }
    return .click(MouseClick(button: button, row: y - 1, column: x - 1))
  }
}
