/// Which protocol draws pictures, and why: from `--pictures`, the environment and the
/// terminal's answers. Pure, so every canned terminal can be checked without one.
public struct PictureDecision: Hashable, Sendable {
  public var chosen: PictureProtocol
  /// Why, in words for `cascade --probe`.
  public var reason: String
  /// The protocols the environment or the answers say the terminal shows, best first.
  public var supported: [PictureProtocol]
  /// The size of a cell in pixels, for sizing pictures sent as pixels.
  public var cellPixels: PixelSize
  /// Where the cell size came from: the terminal's answer, the window size, or a guess.
  public var cellPixelsSource: String
  /// Whether graphics commands must be wrapped for tmux's passthrough.
  public var insideTmux: Bool

  /// Most terminal fonts at ordinary sizes, when nothing says better.
  public static let assumedCell = PixelSize(width: 10, height: 20)

  /// - Parameters:
  ///   - environment: the process's environment variables.
  ///   - answers: what the terminal answered, nil if it was not asked.
  ///   - windowCell: the cell size from the window's pixel size (`TIOCGWINSZ`), if it has one.
  public init(
    choice: PictureChoice, environment: [String: String], answers: TerminalAnswers?,
    windowCell: PixelSize? = nil
  ) {
    let hints = TerminalEnvironment(environment)
    insideTmux = hints.insideTmux
    if let cell = answers?.cellPixels {
      (cellPixels, cellPixelsSource) = (cell, "the terminal's answer")
    } else if let cell = windowCell {
      (cellPixels, cellPixelsSource) = (cell, "the window's pixel size")
    } else {
      (cellPixels, cellPixelsSource) = (Self.assumedCell, "assumed")
    }

    var found: [(PictureProtocol, String)] = []
    func add(_ protocolFound: PictureProtocol, _ why: String) {
      if !found.contains(where: { $0.0 == protocolFound }) { found.append((protocolFound, why)) }
    }
    let answers = answers ?? TerminalAnswers()
    let name = answers.version ?? ""
    // WezTerm answers the kitty query but shows no Unicode placeholders; its iTerm2 support is
    // complete.
    let wezterm = hints.wezterm || name.hasPrefix("WezTerm")
    if answers.kittyGraphics, !wezterm {
      add(.kitty, "the terminal answered the kitty graphics query")
    }
    // Inside tmux only an answer proves that the passthrough reaches the terminal.
    if let named = hints.named, !hints.insideTmux {
      add(named.protocol, "the environment names \(named.terminal)")
    }
    if name.hasPrefix("iTerm2") || wezterm { add(.iterm, "the terminal calls itself \(name)") }
    if answers.sixel { add(.sixel, "the terminal's device attributes include sixel (4)") }
    supported = found.map(\.0)

    switch choice {
    case .only(let wanted) where PictureProtocol.drawn.contains(wanted):
      (chosen, reason) = (wanted, "asked for with --pictures")
    case .only(let wanted):
      (chosen, reason) = (.symbols, "\(wanted) is not drawn by this build yet")
    case .auto:
      if let best = found.first(where: { PictureProtocol.drawn.contains($0.0) }) {
        (chosen, reason) = best
      } else if let undrawn = found.first {
        (chosen, reason) = (.symbols, "\(undrawn.0) is not drawn by this build yet")
      } else {
        (chosen, reason) = (.symbols, "nothing showed support for pixels")
      }
    }
  }
}
