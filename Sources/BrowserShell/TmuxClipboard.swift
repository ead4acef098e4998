import FeedModel
import FoundationEssentials
import Glibc

/// Copying inside tmux, which takes an application's OSC 52 copy only with `set-clipboard on`.
///
/// Its default, `external`, drops the copy while the application is told nothing, so `y`
/// said "copied" and nothing was. So tmux is asked what it will do (`show -gv set-clipboard`),
/// and unless it takes OSC 52 the text goes into its paste buffer by `tmux load-buffer -w -`,
/// which also passes it on to the terminal's clipboard where tmux can.
enum TmuxClipboard {
  /// How long a tmux command may take before it is given up: a server that does not answer
  /// must not hold up the browser.
  static let patience: Double = 2

  /// tmux's `set-clipboard` (`on`, `external`, `off`) when the browser runs inside tmux
  /// (`$TMUX`), nil outside it or when tmux does not answer.
  static func setting(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    guard let tmux = environment["TMUX"], !tmux.isEmpty else { return nil }
    guard
      let answer = TmuxCommand.run(["show-options", "-gv", "set-clipboard"], patience: patience),
      answer.status == 0
    else { return nil }
    let value = String(decoding: answer.output, as: UTF8.self).trimmingWhitespace()
    return value.isEmpty ? nil : value
  }

  /// Puts `text` into tmux's paste buffer (and, where tmux can, the terminal's clipboard);
  /// whether tmux took it.
  static func load(_ text: String) -> Bool {
    TmuxCommand.run(["load-buffer", "-w", "-"], input: Array(text.utf8), patience: patience)?
      .status == 0
  }
}
