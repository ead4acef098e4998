/// What the environment variables say about the terminal, before it is asked anything.
///
/// A terminal names itself in several ways (`TERM`, `TERM_PROGRAM`, `LC_TERMINAL`, variables of
/// its own); inside tmux they may be left over from the terminal tmux was started in, so they
/// only hint there.
package struct TerminalEnvironment {
  /// A terminal the environment names, and the protocol it shows best.
  package var named: (terminal: String, protocol: PictureProtocol)?
  package var wezterm: Bool
  package var insideTmux: Bool
  /// A terminal (or multiplexer) the environment names that answers the kitty graphics query
  /// yet shows no Unicode placeholders, which Cascade places kitty pictures with: its boxes
  /// would stay empty. Their own variables, so they hold inside tmux too.
  package var withoutPlaceholders: String?
  /// Konsole's version from its own variable (`KONSOLE_VERSION=221203` is 22.12.3), as
  /// (major, minor).
  package var konsoleVersion: (Int, Int)?

  package init(_ environment: [String: String]) {
    func value(_ name: String) -> String { environment[name] ?? "" }
    let term = value("TERM")
    let program = value("TERM_PROGRAM")
    insideTmux = !value("TMUX").isEmpty || term.hasPrefix("tmux") || program == "tmux"
    wezterm = program == "WezTerm" || !value("WEZTERM_EXECUTABLE").isEmpty
    if !value("ZELLIJ").isEmpty {
      withoutPlaceholders = "Zellij"
    } else if !value("KONSOLE_VERSION").isEmpty {
      withoutPlaceholders = "Konsole"
      if let number = Int(value("KONSOLE_VERSION")) {
        konsoleVersion = (number / 10_000, number / 100 % 100)
      }
    } else if program == "vscode" {
      withoutPlaceholders = "VS Code's terminal"
    } else if program == "WarpTerminal" {
      withoutPlaceholders = "Warp"
    }
    if term == "xterm-kitty" || !value("KITTY_WINDOW_ID").isEmpty {
      named = ("kitty", .kitty)
    } else if program == "ghostty" || term == "xterm-ghostty"
      || !value("GHOSTTY_RESOURCES_DIR").isEmpty
    {
      named = ("Ghostty", .kitty)
    } else if program == "iTerm.app" || value("LC_TERMINAL") == "iTerm2" {
      named = ("iTerm2", .iterm)
    } else if wezterm {
      named = ("WezTerm", .iterm)
    } else if term.hasPrefix("foot") || term.hasPrefix("mlterm") {
      named = (term.hasPrefix("foot") ? "foot" : "mlterm", .sixel)
    } else {
      named = nil
    }
  }
}
