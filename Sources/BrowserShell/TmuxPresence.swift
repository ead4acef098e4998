/// Whether Cascade runs inside tmux, as tmux itself says: what `--probe` reports. `TERM` or
/// `TERM_PROGRAM` naming tmux is not enough (a `TERM` carried over ssh or into a script says
/// tmux where none can be asked), so only a tmux that answered is "yes".
public enum TmuxPresence: Hashable, Sendable {
  /// `TMUX` is set and tmux answered, with its version.
  case answered(version: String)
  /// `TMUX` is set and tmux did not answer.
  case silent
  /// No `TMUX`, but the terminal's name says tmux (`TERM=tmux-256color`).
  case namedOnly(String)
  /// Nothing says tmux.
  case none

  /// The line `--probe` prints.
  public var line: String {
    switch self {
    case .answered(let version): "inside tmux: yes (tmux \(version) answered)"
    case .silent: "inside tmux: TMUX is set, but tmux did not answer"
    case .namedOnly(let name):
      "inside tmux: no tmux answered (the terminal calls itself \(name), but TMUX is not set: "
        + "a tmux on another machine, or a name set by hand)"
    case .none: "inside tmux: no"
    }
  }
}
