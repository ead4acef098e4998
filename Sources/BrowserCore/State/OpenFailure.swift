/// Why `o` opened nothing, as the shell found it; the state words it for the status line.
public enum OpenFailure: Hashable, Sendable {
  /// Only http and https links are opened.
  case notWeb
  /// The link holds a space, a control or an invisible character (`LinkCharacters`): a feed's
  /// trick, not a real link.
  case unsafeCharacters
  /// `$BROWSER` is not set and there is no `xdg-open`: nothing to open links with.
  case noOpener
  /// The program (from `$BROWSER`, or `xdg-open`) could not be started, and why.
  case cannotStart(program: String, fromBrowserVariable: Bool, reason: String)
  /// The program started and ended badly (`how`: "exited with status 1"); `noBrowserSetUp`
  /// when it was `xdg-open` saying it found no program for web links (its status 3).
  case ended(program: String, fromBrowserVariable: Bool, how: String, noBrowserSetUp: Bool)

  /// The status line's message for a failure to open `url`.
  func message(for url: String) -> String {
    switch self {
    case .notWeb:
      return "not opening \(DisplayText(url, maximumWidth: 60)): only http and https links open"
    case .unsafeCharacters:
      return
        "not opening \(DisplayText(url, maximumWidth: 60)): "
        + "the link holds spaces, control or invisible characters"
    case .noOpener:
      return
        "nothing to open links with: set $BROWSER to a browser (BROWSER=firefox) "
        + "or install xdg-open (xdg-utils)"
    case .cannotStart(let program, let fromVariable, let reason):
      let name = DisplayText(program, maximumWidth: 40)
      return fromVariable
        ? "cannot start \(name) from $BROWSER: \(reason); set $BROWSER to a browser program"
        : "cannot start \(name): \(reason)"
    case .ended(let program, let fromVariable, let how, let noBrowser):
      let name = DisplayText(program, maximumWidth: 40)
      let link = DisplayText(url, maximumWidth: 60)
      if noBrowser {
        return "could not open \(link): \(name) found no browser; set $BROWSER to one "
          + "(BROWSER=firefox) or choose one with xdg-settings"
      }
      return fromVariable
        ? "could not open \(link): \(name) from $BROWSER \(how); set $BROWSER to a browser "
          + "program"
        : "could not open \(link): \(name) \(how)"
    }
  }
}
