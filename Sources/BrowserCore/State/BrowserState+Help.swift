/// The help panel (`?`): shown from its first line, and scrolled with the movement keys when
/// the window is too short for all of it.
extension BrowserState {
  /// Shows the help from its top.
  mutating func showHelp() {
    helpScroll = 0
    panel = .help
  }

  /// The lines of help a window of `rows` shows at once when it cannot show them all: the
  /// panel's rows less its borders and the row that says how many lines there are.
  static func helpRoom(rows: Int) -> Int { max(1, rows - 1 - 2 - 1) }

  /// The movement keys scroll the help, when it is longer than the window; whether `action`
  /// was one (any other key closes the help).
  mutating func scrollHelp(_ action: Action) -> Bool {
    let lines = KeyMap.help.count
    let room = Self.helpRoom(rows: screen.rows)
    let page = max(1, room - 1)
    let delta: Int
    switch action {
    case .scroll(let rows), .wheel(let rows): delta = rows
    case .select(.down), .select(.next): delta = 1
    case .select(.up), .select(.previous): delta = -1
    case .page(let fraction): delta = fraction < 0 ? -page : page
    case .top: delta = -lines
    case .bottom: delta = lines
    default: return false
    }
    // Scrolling a help that fits is a key like any other: it closes it.
    guard lines + 2 > screen.rows - 1 else { return false }
    helpScroll = min(max(0, helpScroll + delta), max(0, lines - room))
    return true
  }
}
