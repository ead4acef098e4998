/// A key press (or wheel step, or resize) as the terminal reports it, decoded.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// Ctrl with a letter, given in lower case: Ctrl-F is `.control("f")`.
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end
  case enter, tab, backTab, escape
  case wheelUp, wheelDown
  /// The terminal changed size.
  case resize
}

/// The keys of issue 4's table; `?` lists them in the help overlay.
public enum KeyMap {
  public static func action(for key: Key) -> Action? {
    switch key {
    case .character("j"), .down: .scroll(1)
    case .character("k"), .up: .scroll(-1)
    case .character(" "), .pageDown, .control("f"): .page(1)
    case .character("b"), .pageUp, .control("b"): .page(-1)
    case .control("d"): .page(0.5)
    case .control("u"): .page(-0.5)
    case .character("g"), .home: .top
    case .character("G"), .end: .bottom
    case .character("h"), .left: .select(.left)
    case .character("l"), .right: .select(.right)
    case .tab: .select(.next)
    case .backTab: .select(.previous)
    case .enter: .details
    case .character("o"): .open
    case .character("+"), .character("="): .columns(.more)
    case .character("-"), .character("_"): .columns(.fewer)
    case .character(let c) where c.isASCII && ("1"..."9").contains(c):
      c.wholeNumberValue.map { .columns(.exactly($0)) }
    case .character("L"): .nextStyle
    case .character("d"): .remove
    case .character("u"): .undo
    case .character("r"): .refresh
    case .character("?"): .help
    case .character("q"), .control("c"): .quit
    case .escape: .escape
    case .wheelUp: .wheel(-3)
    case .wheelDown: .wheel(3)
    default: nil
    }
  }

  /// The rows of the help overlay: keys, then what they do.
  static let help: [(String, String)] = [
    ("j ↓  k ↑  wheel", "scroll down / up"),
    ("space PgDn ^F", "one page down"),
    ("b PgUp ^B", "one page up"),
    ("^D  ^U", "half a page down / up"),
    ("g Home  G End", "top / bottom"),
    ("h ←  l →", "select the box to the left / right"),
    ("", "(carousel, ring: previous / next)"),
    ("Tab  Shift-Tab", "select the next / previous box"),
    ("Enter", "details of the selected box"),
    ("o", "open the link in a browser"),
    ("+  -  1…9", "more / fewer / exactly N columns"),
    ("L", "next style: waterfall, irregular,"),
    ("", "carousel, ring"),
    ("d  u", "remove the selected box / undo"),
    ("r", "refresh (or pull down at the top)"),
    ("q  Esc  ^C", "quit"),
  ]
}
