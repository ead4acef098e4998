import CNCurses
import Dispatch

/// Which terminfo entry curses is started with, and why: by what the terminal can do, not only
/// by what `TERM` names.
///
/// `TERM` often undersells the terminal: xterm sets `TERM=xterm` (8 colours in terminfo) yet
/// draws 256 colours and more; most terminals that draw 24-bit colour say `xterm-256color`
/// and announce the rest in `COLORTERM`; inside tmux, tmux itself says what it passes on
/// (`client_termfeatures`). And over ssh a `TERM` may have no entry at all here (`xterm-kitty`,
/// `xterm-ghostty`, `alacritty`, `wezterm`). Each case gets an entry of the `xterm` family that
/// says the truth, with the reason kept for `cascade --probe` and, for a missing entry, the
/// status line. Pure: the caller says which entries are installed.
public struct TerminalType: Hashable, Sendable {
  /// The terminfo entry to start curses with; nil for `TERM` as it is.
  public var name: String?
  /// Why another entry than `TERM`'s was taken, in words for `--probe`; nil when none was.
  public var reason: String?
  /// Whether `TERM` has no terminfo entry here: the status line says so.
  public var termMissing: Bool

  /// What `COLORTERM`, or inside tmux what tmux passes to its client, says of 24-bit colour.
  public static func saysTrueColor(environment: [String: String], tmuxFeatures: String?) -> Bool {
    if let tmuxFeatures {
      return tmuxFeatures.split(separator: ",").contains { $0 == "RGB" }
    }
    let value = environment["COLORTERM"]?.lowercased() ?? ""
    return value == "truecolor" || value == "24bit"
  }

  /// - Parameters:
  ///   - environment: the process's environment (`TERM`, `COLORTERM`).
  ///   - version: the terminal's XTVERSION answer (`XTerm(379)`), if it gave one.
  ///   - direct: whether pictures want 24-bit colour: `--color direct`, or `auto` where the
  ///     terminal says it has it (`saysTrueColor`).
  ///   - colors: how many colours terminfo gives an entry; nil when it has no entry here.
  public init(
    environment: [String: String], version: String?, direct: Bool,
    colors: (String) -> Int?
  ) {
    let term = environment["TERM"] ?? ""
    (name, reason, termMissing) = (nil, nil, false)
    guard !term.isEmpty else { return }
    let own = colors(term)
    func usable(_ entry: String) -> Bool { colors(entry) != nil }
    // The entry of `term`'s family with 24-bit colour (`xterm-direct` for `xterm-256color`),
    // else, for a terminal that says it is of xterm's kind (`xterm-kitty`) or that has no
    // entry here, xterm's own. The Linux console and its like keep their own entry.
    func directEntry() -> String? {
      var family = term
      for suffix in ["-256color", "-88color", "-16color", "-color"] where family.hasSuffix(suffix) {
        family.removeLast(suffix.count)
        break
      }
      let xtermLike = term.hasPrefix("xterm") || own == nil
      return [family + "-direct"].first(where: usable)
        ?? (xtermLike && usable("xterm-direct") ? "xterm-direct" : nil)
    }
    guard let own else {
      let fallback = (direct ? directEntry() : nil) ?? "xterm-256color"
      guard usable(fallback) else { return }
      (name, termMissing) = (fallback, true)
      reason = "TERM=\(term) has no terminfo entry here; drawing as \(fallback)"
      return
    }
    if direct, own < 1 << 24, let entry = directEntry() {
      name = entry
      reason = "the terminal draws 24-bit colour and TERM=\(term) names \(own); drawing as \(entry)"
      return
    }
    // xterm draws 256 colours whatever entry `TERM` names (xterm sets `xterm` itself).
    if own < 256, version?.hasPrefix("XTerm(") == true, term.hasPrefix("xterm"),
      usable("xterm-256color")
    {
      name = "xterm-256color"
      reason =
        "xterm draws 256 colours, though TERM=\(term) names \(own); drawing as xterm-256color"
    }
  }

  /// How many colours this machine's terminfo gives `entry`; nil when it has no entry.
  ///
  /// terminfo's reading sets ncurses' one current terminal for a moment: it waits for any
  /// headless screen (tests, benchmarks on other threads) to be done, as they wait for each
  /// other, or the two would meet inside ncurses.
  public static func installedColors(_ entry: String) -> Int? {
    headlessTurn.wait()
    defer { headlessTurn.signal() }
    let colors = cascade_terminal_colors(entry)
    return colors < 0 ? nil : Int(colors)
  }
}
