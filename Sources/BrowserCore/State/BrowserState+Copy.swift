import FeedModel

/// `y` and `Y`: copying the selected item's image URL or link to the clipboard. The shell does
/// the copying (through the terminal, OSC 52) and says whether the terminal can.
extension BrowserState {
  /// Asks the shell to copy `target` of the selected item (the first in view without one).
  mutating func copy(_ target: CopyTarget) -> [Effect] {
    if selection == nil { selection = visibleIndices().first }
    guard let s = selection, s < items.count else {
      message = "nothing to copy"
      return []
    }
    let text: String?
    switch target {
    case .image: text = items[s].imageURL
    case .link: text = items[s].link
    }
    guard let text, !text.isEmpty else {
      message = "#\(s + 1) has no \(target.name)"
      return []
    }
    // A paste runs in a shell or an editor: control characters from a feed could act there
    // (an escape sequence, a newline that runs a command), and invisible ones make it another
    // link than the one shown (`LinkCharacters`), so such a text is not copied.
    guard !LinkCharacters.hidesAny(text) else {
      message = "not copying #\(s + 1)'s \(target.name): it holds control or invisible characters"
      return []
    }
    return [.copy(text, CopyRequest(target: target, number: s + 1))]
  }

  /// The shell copied, or could not.
  mutating func copied(_ text: String, _ request: CopyRequest, outcome: CopyOutcome) {
    let what = "#\(request.number)'s \(request.target.name)"
    switch outcome {
    case .copied:
      message = "copied \(what)"
    case .unsupported:
      message =
        "this terminal cannot take a copy (no OSC 52 in its terminfo); "
        + "\(what) is \(DisplayText(URLSecrets.masked(text), maximumWidth: 200))"
    case .tooLong(let limit):
      message = "\(what) is longer than \(limit) bytes, more than a terminal takes to copy"
    case .tmuxBuffer(let setting):
      message =
        "copied \(what) to tmux's buffer (set-clipboard \(DisplayText(setting, maximumWidth: 20)) "
        + "drops terminal copies; tmux passes it on where it can)"
    case .tmuxRefused(let setting):
      message =
        "not copied: tmux's set-clipboard is \(DisplayText(setting, maximumWidth: 20)) and tmux "
        + "refused its buffer; \(what) is \(DisplayText(text, maximumWidth: 200))"
    }
  }
}

/// Which item's what a copy is of, for the message when it is done.
public struct CopyRequest: Hashable, Sendable {
  public var target: CopyTarget
  /// The item's number, 1-based.
  public var number: Int
}

/// How a copy through the terminal went.
public enum CopyOutcome: Hashable, Sendable {
  case copied
  /// The terminal does not say it takes OSC 52 copies.
  case unsupported
  /// Longer than `limit` bytes: terminals drop such copies.
  case tooLong(limit: Int)
  /// Inside tmux, whose `set-clipboard` (`external`, `off`) drops OSC 52 copies: put into
  /// tmux's paste buffer instead, which passes it to the terminal where it can.
  case tmuxBuffer(setClipboard: String)
  /// Inside such a tmux, and tmux would not take it into its buffer either.
  case tmuxRefused(setClipboard: String)
}
