/// Why `o` opened nothing, as the shell found it; the state words it for the status line.
public enum OpenFailure: Hashable, Sendable {
  /// Only http and https links are opened.
  case notWeb
  /// The link holds a space or a control character: a feed's trick, not a real link.
  case unsafeCharacters
  /// `$BROWSER` is not set and there is no `xdg-open`: nothing to open links with.
  case noOpener
  /// The program (from `$BROWSER`, or `xdg-open`) could not be started, and why.
  case cannotStart(program: String, fromBrowserVariable: Bool, reason: String)

  /// The status line's message for a failure to open `url`.
  func message(for url: String) -> String {
    switch self {
    case .notWeb:
      return "not opening \(DisplayText(url, maximumWidth: 60)): only http and https links open"
    case .unsafeCharacters:
      return
        "not opening \(DisplayText(url, maximumWidth: 60)): "
        + "the link holds spaces or control characters"
    case .noOpener:
      return
        "nothing to open links with: set $BROWSER to a browser (BROWSER=firefox) "
        + "or install xdg-open (xdg-utils)"
    case .cannotStart(let program, let fromVariable, let reason):
      let name = DisplayText(program, maximumWidth: 40)
      return fromVariable
        ? "cannot start \(name) from $BROWSER: \(reason); set $BROWSER to a browser program"
        : "cannot start \(name): \(reason)"
    }
  }
}
