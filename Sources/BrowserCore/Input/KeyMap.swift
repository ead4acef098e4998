/// A key press (or wheel step, or resize) as the terminal reports it, decoded.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// Ctrl with a letter, given in lower case: Ctrl-F is `.control("f")`.
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end
  case enter, tab, backTab, escape, backspace
  /// Alt (Meta) with a printable character: the terminal sends ESC and the character.
  case alt(Character)
  case wheelUp, wheelDown
  /// A mouse button pressed: not bound to an action, the shell sends it as `Event.click`.
  case click(MouseClick)
  /// The terminal changed size.
  case resize
}

/// One key binding: these keys do this action.
public struct KeyBinding: Hashable, Sendable {
  public var keys: [Key]
  public var action: Action

  public init(_ keys: [Key], _ action: Action) {
    self.keys = keys
    self.action = action
  }
}

/// A row of the help panel and the bindings it describes, declared together so that the
/// help can never list a key the map does not have, or miss one it has.
public struct KeyHelp: Hashable, Sendable {
  /// The keys as the help shows them.
  public var keys: String
  /// What they do: a line, and continuation lines under it.
  public var what: [String]
  public var bindings: [KeyBinding]
}

/// The browser's keys: one table that both the key map and the help panel (`?`) read.
public enum KeyMap {
  public static let table: [KeyHelp] = [
    KeyHelp(
      keys: "j ↓  k ↑  wheel", what: ["scroll down / up"],
      bindings: [
        KeyBinding([.character("j"), .down], .scroll(1)),
        KeyBinding([.character("k"), .up], .scroll(-1)),
        KeyBinding([.wheelUp], .wheel(-3)), KeyBinding([.wheelDown], .wheel(3)),
      ]),
    KeyHelp(
      keys: "space  b", what: ["one page down / up (also PgDn PgUp ^F ^B)"],
      bindings: [
        KeyBinding([.character(" "), .pageDown, .control("f")], .page(1)),
        KeyBinding([.character("b"), .pageUp, .control("b")], .page(-1)),
      ]),
    KeyHelp(
      keys: "^D  ^U", what: ["half a page down / up"],
      bindings: [
        KeyBinding([.control("d")], .page(0.5)), KeyBinding([.control("u")], .page(-0.5)),
      ]),
    KeyHelp(
      keys: "g Home  G End", what: ["top / bottom"],
      bindings: [
        KeyBinding([.character("g"), .home], .top), KeyBinding([.character("G"), .end], .bottom),
      ]),
    KeyHelp(
      keys: "25G  :25 Enter", what: ["go to item 25"],
      bindings: [
        KeyBinding([.character(":")], .prompt), KeyBinding([.character("0")], .digit(0)),
        // Ctrl-H is Backspace on terminals that send BS for it.
        KeyBinding([.backspace, .control("h")], .deleteBack),
      ]),
    KeyHelp(
      keys: "h ←  l →",
      what: ["select the box to the left / right"],
      bindings: [
        KeyBinding([.character("h"), .left], .select(.left)),
        KeyBinding([.character("l"), .right], .select(.right)),
      ]),
    KeyHelp(
      keys: "J  K", what: ["select the box below / above"],
      bindings: [
        KeyBinding([.character("J")], .select(.down)),
        KeyBinding([.character("K")], .select(.up)),
      ]),
    KeyHelp(
      keys: "Tab  Shift-Tab", what: ["select the next / previous box"],
      bindings: [
        KeyBinding([.tab], .select(.next)), KeyBinding([.backTab], .select(.previous)),
      ]),
    KeyHelp(
      keys: "Enter i  p",
      what: ["the post (Enter again: its picture alone) / a slideshow"],
      bindings: [
        KeyBinding([.enter, .character("i")], .details),
        KeyBinding([.character("p")], .slideshow),
      ]),
    KeyHelp(
      keys: "o  w  v", what: ["open the link (a post's: o 3) / save the picture / view it"],
      bindings: [
        KeyBinding([.character("o")], .open), KeyBinding([.character("w")], .keep(.save)),
        KeyBinding([.character("v")], .keep(.view)),
      ]),
    KeyHelp(
      keys: "y  Y", what: ["copy the image URL / link (OSC 52)"],
      bindings: [
        KeyBinding([.character("y")], .copy(.image)), KeyBinding([.character("Y")], .copy(.link)),
      ]),
    KeyHelp(
      keys: "+  -  1…9", what: ["more / fewer / exactly N columns"],
      bindings: [
        KeyBinding([.character("+"), .character("=")], .columns(.more)),
        KeyBinding([.character("-"), .character("_")], .columns(.fewer)),
      ]
        + (1...9).map { n in
          KeyBinding([.character(Character(String(n)))], .digit(n))
        }),
    KeyHelp(
      keys: "L", what: ["next style: waterfall, irregular, carousel, ring"],
      bindings: [KeyBinding([.character("L")], .nextStyle)]),
    KeyHelp(
      keys: "d  u", what: ["remove the selected box / undo"],
      bindings: [
        KeyBinding([.character("d")], .remove), KeyBinding([.character("u")], .undo),
      ]),
    KeyHelp(
      keys: "P  a", what: ["pictures on / off; moving pictures pause / play"],
      bindings: [
        KeyBinding([.character("P")], .togglePictures),
        KeyBinding([.character("a")], .toggleAnimations),
      ]),
    KeyHelp(
      keys: "s", what: ["sensitive pictures on / off"],
      bindings: [KeyBinding([.character("s")], .toggleSensitive)]),
    KeyHelp(
      keys: "r  R", what: ["refresh this feed (or pull down at the top) / every feed"],
      bindings: [
        KeyBinding([.character("r")], .refresh), KeyBinding([.character("R")], .refreshAll),
      ]),
    KeyHelp(
      keys: "/  n  N", what: ["search (filter); next / previous match"],
      bindings: [
        KeyBinding([.character("/")], .search), KeyBinding([.character("n")], .nextMatch),
        KeyBinding([.character("N")], .previousMatch),
      ]),
    KeyHelp(
      keys: "m  F  ?  ^L", what: ["the last messages / feeds followed / this help / redraw all"],
      bindings: [
        KeyBinding([.character("m")], .messages), KeyBinding([.character("F")], .feeds),
        KeyBinding([.character("?")], .help), KeyBinding([.control("l")], .repaint),
      ]),
    KeyHelp(
      keys: "Esc", what: ["close, clear the search, drop a count"],
      bindings: [KeyBinding([.escape], .escape)]),
    KeyHelp(
      keys: "q  ^C", what: ["quit"],
      bindings: [KeyBinding([.character("q"), .control("c")], .quit)]),
  ]

  /// Every key of the table, for a lookup per key press.
  private static let actions: [Key: Action] = {
    var actions: [Key: Action] = [:]
    for row in table {
      for binding in row.bindings {
        for key in binding.keys where actions[key] == nil { actions[key] = binding.action }
      }
    }
    return actions
  }()

  public static func action(for key: Key) -> Action? { actions[key] }

  /// The rows of the help panel: keys, then what they do (continuation lines with no keys).
  static var help: [(String, String)] {
    table.flatMap { row in
      row.what.enumerated().map { k, line in (k == 0 ? row.keys : "", line) }
    }
  }
}
