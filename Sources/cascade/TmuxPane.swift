import BrowserShell
import Dispatch
import FeedModel
import FoundationEssentials
import Glibc
import Locking

/// What Cascade asks of the tmux it runs inside, through tmux's own command line: what tmux
/// passes on to the terminal around it, and passthrough for Cascade's own pane.
enum TmuxPane {
  /// What tmux says of this client that Cascade's start does not change, asked once: the
  /// browser asks while the feed loads (each question a tmux process of its own, a few
  /// milliseconds that waited for the feed, one of them asked twice).
  struct Answers: Sendable {
    var presence: TmuxPresence
    var clientFeatures: String?
    /// What turning passthrough on for this pane did (`allowPassthrough`); nil when not
    /// asked for.
    var passthrough: String?

    /// Asks tmux; `passthrough`: turns passthrough on for this pane too.
    init(environment: [String: String], passthrough: Bool) {
      presence = TmuxPane.presence(environment: environment)
      clientFeatures = TmuxPane.clientFeatures(environment: environment)
      if passthrough { self.passthrough = TmuxPane.allowPassthrough(environment: environment) }
    }

    init(presence: TmuxPresence, clientFeatures: String?, passthrough: String?) {
      self.presence = presence
      self.clientFeatures = clientFeatures
      self.passthrough = passthrough
    }

    /// `init(environment:passthrough:)` with the questions asked side by side, each a tmux
    /// process on a thread of its own (not the task pool's, which they would block): one
    /// tmux round trip, not three.
    static func asked(environment: [String: String], passthrough: Bool) async -> Answers {
      let answers = Locked(
        Answers(presence: .none, clientFeatures: nil, passthrough: nil))
      let group = DispatchGroup()
      let questions: [@Sendable () -> Void] = [
        {
          let presence = TmuxPane.presence(environment: environment)
          answers.withLock { $0.presence = presence }
        },
        {
          let features = TmuxPane.clientFeatures(environment: environment)
          answers.withLock { $0.clientFeatures = features }
        },
        {
          guard passthrough else { return }
          let done = TmuxPane.allowPassthrough(environment: environment)
          answers.withLock { $0.passthrough = done }
        },
      ]
      for question in questions {
        group.enter()
        // A thread that could not start asks its question here, so the group still ends.
        if !DetachedThread.start({
          question()
          group.leave()
        }) {
          question()
          group.leave()
        }
      }
      await withCheckedContinuation { continuation in
        group.notify(queue: .global()) { continuation.resume() }
      }
      return answers.withLock { $0 }
    }
  }

  /// tmux's `client_termfeatures` for this client (`RGB` when it passes 24-bit colour on);
  /// nil outside tmux, when no client is attached to the session, or when tmux does not
  /// answer.
  ///
  /// Asked only with a client attached: in a detached session (`window-size manual`, a
  /// script's `new-session -d`) tmux 3.3a's server crashes expanding the format, and Cascade
  /// asked on every start there.
  /// - Parameter tmux: the program run, for tests.
  static func clientFeatures(environment: [String: String], tmux: String = "tmux") -> String? {
    guard environment["TMUX"]?.isEmpty == false else { return nil }
    let attached = run(["display-message", "-p", "#{session_attached}"], program: tmux)
    guard hasClient(attached) else { return nil }
    return run(["display-message", "-p", "#{client_termfeatures}"], program: tmux)
  }

  /// Whether tmux's `session_attached` (the number of clients attached) says one is.
  static func hasClient(_ attached: String?) -> Bool {
    guard let attached, let count = Int(attached.trimmingWhitespace()) else {
      return false
    }
    return count > 0
  }

  /// Whether tmux runs this program, as tmux says (its version); `.namedOnly` when only the
  /// terminal's name says tmux.
  static func presence(environment: [String: String]) -> TmuxPresence {
    if environment["TMUX"]?.isEmpty == false {
      guard let version = run(["display-message", "-p", "#{version}"]), !version.isEmpty else {
        return .silent
      }
      return .answered(version: String(version.prefix(40)))
    }
    let term = environment["TERM"] ?? ""
    if term.hasPrefix("tmux") { return .namedOnly("TERM=" + term) }
    if environment["TERM_PROGRAM"] == "tmux" { return .namedOnly("TERM_PROGRAM=tmux") }
    return .none
  }

  /// Turns `allow-passthrough` on for this pane alone (as timg and kitty's icat do), so that
  /// pictures for the terminal around tmux reach it without the user changing tmux's config.
  /// Returns what was done, in words for `--probe`; nil outside tmux.
  static func allowPassthrough(environment: [String: String]) -> String? {
    guard environment["TMUX"]?.isEmpty == false else { return nil }
    let pane = environment["TMUX_PANE"] ?? ""
    var arguments = ["set-option", "-p"]
    if !pane.isEmpty { arguments += ["-t", pane] }
    guard run(arguments + ["allow-passthrough", "on"]) != nil else {
      return "tmux did not turn allow-passthrough on for this pane (tmux 3.3 or later has it)"
    }
    return "allow-passthrough turned on for this pane"
  }

  /// Runs `tmux arguments…`; its output without the last newline, nil when it fails or says
  /// nothing within a second.
  private static func run(_ arguments: [String], program: String = "tmux") -> String? {
    guard let (status, output) = TmuxCommand.run(arguments, program: program, patience: 1),
      status == 0
    else { return nil }
    var text = String(decoding: output, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
