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
  /// The terminal's background colour, `0xRRGGBB`, when it answered: symbol pictures lay
  /// their partly transparent pixels over it.
  public var background: UInt32?
  /// Whether kitty pictures are placed through Unicode placeholder cells (kitty 0.28 and
  /// later, Ghostty) rather than at the cursor (older kitty): see `KittyPlacementDrawer`.
  public var kittyPlaceholders = true
  /// Whether pictures drawn over the frame stay on the screen whatever text is written over
  /// them, until the whole screen is cleared (Konsole before 26.08: its sixel and iTerm2
  /// pictures sit under the text, and only a screen clear, or a newer picture covering one
  /// whole, takes one away). Such a terminal is redrawn whole, pictures first, whenever one
  /// must go (`OverlayPictures`).
  public var picturesOutliveText = false
  /// Why a protocol asked for by name (`--pictures sixel`) is not drawn, for the status line:
  /// a choice is honoured or refused with a reason, never silently replaced.
  public var refusal: String?

  /// How many times taller than wide the terminal's cells are, when it said (or its window's
  /// pixel size did), within what `--cell-aspect` takes; nil when the size is assumed.
  public var measuredCellAspect: Double? {
    guard cellPixelsSource != "assumed", cellPixels.width > 0, cellPixels.height > 0 else {
      return nil
    }
    return min(8, max(0.25, Double(cellPixels.height) / Double(cellPixels.width)))
  }

  /// Whether pictures are drawn over curses' frame after it is sent (sixel, iTerm2, kitty
  /// without placeholders), rather than held in its cells (placeholders, symbols).
  public var drawsOverFrame: Bool {
    chosen == .sixel || chosen == .iterm || (chosen == .kitty && !kittyPlaceholders)
  }

  /// The first Konsole whose sixel and iTerm2 pictures go where text or an erase covers them.
  package static let konsoleErasesSince = (26, 8)

  /// Whether a Konsole named by XTVERSION's `name` (`Konsole 22.12.3`) or by its variable
  /// keeps pictures under text; a Konsole of no known version is taken to.
  package static func konsoleKeepsPictures(_ name: String, variable: (Int, Int)?) -> Bool {
    if name.hasPrefix("Konsole ") {
      let numbers = name.dropFirst(8).split(separator: ".").map { Int($0) }
      if numbers.count >= 2, let major = numbers[0], let minor = numbers[1] {
        return (major, minor) < konsoleErasesSince
      }
      return true
    }
    guard name.isEmpty, let variable else { return false }
    return variable < konsoleErasesSince
  }

  /// The first kitty with Unicode placeholders.
  package static let placeholdersSince = (0, 28)

  /// Whether XTVERSION's `name` is a kitty older than Unicode placeholders (`kitty(0.26.5)`).
  package static func kittyWithoutPlaceholders(_ name: String) -> Bool {
    guard name.hasPrefix("kitty("), name.hasSuffix(")") else { return false }
    let numbers = name.dropFirst(6).dropLast().split(separator: ".").map { Int($0) }
    guard numbers.count >= 2, let major = numbers[0], let minor = numbers[1] else { return false }
    return (major, minor) < placeholdersSince
  }

  /// Why iTerm2's pictures are not drawn inside tmux.
  package static let itermInsideTmux =
    "iTerm2 pictures are not drawn inside tmux: it keeps none of them, so they would vanish "
    + "when it redraws and sit in the wrong place in a split pane"

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
    background = answers?.background
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
    let answeredITerm = name.hasPrefix("iTerm2") || name.hasPrefix("WezTerm")
    // Inside tmux the variables may be left over from the terminal tmux was started in: only
    // an answer proves what the passthrough reaches.
    let wezterm = name.hasPrefix("WezTerm") || (hints.wezterm && !hints.insideTmux)
    // WezTerm answers the kitty query but shows no Unicode placeholders (its iTerm2 support is
    // complete); nor do Konsole, VS Code's terminal, Warp and Zellij, whose answer is no
    // promise either: their boxes would stay empty.
    let withoutPlaceholders =
      wezterm ? nil : name.hasPrefix("Konsole") ? "Konsole" : hints.withoutPlaceholders
    var kittyRefused: String?
    if answers.kittyGraphics, !wezterm {
      if let terminal = withoutPlaceholders {
        kittyRefused =
          "\(terminal) answers the kitty graphics query but shows no Unicode placeholders, "
          + "which Cascade places kitty pictures with"
      } else {
        add(.kitty, "the terminal answered the kitty graphics query")
      }
    }
    // Inside Zellij (a multiplexer, as tmux is) the terminal around it may be kitty; kitty
    // pictures still do not get through.
    if let named = hints.named, !hints.insideTmux,
      named.protocol != .kitty || withoutPlaceholders == nil
    {
      add(named.protocol, "the environment names \(named.terminal)")
    }
    if answeredITerm { add(.iterm, "the terminal calls itself \(name)") }
    if answers.sixel { add(.sixel, "the terminal's device attributes include sixel (4)") }
    supported = found.map(\.0)
    // A kitty that predates placeholders (Debian 12's 0.26.5) shows pictures placed at the
    // cursor; through tmux such a placement would land at the outer terminal's cursor, not in
    // the pane, so there it is not drawn.
    let oldKitty = Self.kittyWithoutPlaceholders(name)
    // A terminal without placeholders that still speaks kitty's protocol (Konsole, WezTerm),
    // when `--pictures kitty` asks for it, is drawn to as an old kitty: pictures placed at
    // their cells by id, which it keeps and deletes.
    let placelessTerminal = wezterm ? "WezTerm" : withoutPlaceholders
    let atCursor = oldKitty || placelessTerminal != nil
    // A kitty named only by the environment, its answers not come within the budget (one busy
    // starting up, or far away over ssh), may be any version: pictures placed at their cells
    // show in every kitty, placeholders only from 0.28 on.
    let versionUnknown = answers.version == nil && !answers.kittyGraphics && !hints.insideTmux
    kittyPlaceholders = !atCursor && !versionUnknown

    // tmux keeps no iTerm2 picture: it would be lost whenever tmux redraws the pane and
    // misplaced in a split one, so inside tmux it is never drawn.
    let drawnHere =
      hints.insideTmux
      ? PictureProtocol.drawn.subtracting(atCursor ? [.iterm, .kitty] : [.iterm])
      : PictureProtocol.drawn
    func notDrawn(_ protocolFound: PictureProtocol) -> String {
      if protocolFound == .kitty, oldKitty {
        return "\(name) predates Unicode placeholders (0.28), and its pictures placed at the "
          + "cursor would land outside tmux's pane"
      }
      if protocolFound == .kitty, let placelessTerminal {
        return "\(placelessTerminal) shows no Unicode placeholders, and pictures placed at the "
          + "cursor would land outside tmux's pane"
      }
      return PictureProtocol.drawn.contains(protocolFound)
        ? Self.itermInsideTmux : "\(protocolFound) is not drawn by this build yet"
    }
    switch choice {
    case .only(let wanted) where drawnHere.contains(wanted):
      (chosen, reason) = (wanted, "asked for with --pictures")
    case .only(let wanted):
      (chosen, reason) = (.symbols, notDrawn(wanted))
      refusal = "--pictures \(wanted.rawValue) cannot be drawn here: \(reason); drawing symbols"
    case .auto:
      if let best = found.first(where: { drawnHere.contains($0.0) }) {
        (chosen, reason) = best
      } else if let undrawn = found.first {
        (chosen, reason) = (.symbols, notDrawn(undrawn.0))
      } else if let kittyRefused {
        (chosen, reason) = (.symbols, kittyRefused)
      } else if hints.insideTmux {
        // Say what stood in the way, not that nothing could: iTerm2 is never drawn in tmux,
        // and another terminal's answer must come through tmux's passthrough.
        (chosen, reason) = (
          .symbols,
          hints.named?.protocol == .iterm
            ? Self.itermInsideTmux
            : "inside tmux only an answer through tmux's allow-passthrough counts, and none "
              + "came"
        )
      } else {
        (chosen, reason) = (.symbols, "nothing showed support for pixels")
      }
    }
    // tmux draws sixel itself, and erases it as text covers it.
    picturesOutliveText =
      !hints.insideTmux && (chosen == .sixel || chosen == .iterm)
      && Self.konsoleKeepsPictures(name, variable: hints.konsoleVersion)
    if chosen == .kitty, oldKitty {
      reason +=
        "; \(name) predates Unicode placeholders (0.28), so pictures are placed at "
        + "their cells"
    } else if chosen == .kitty, let placelessTerminal {
      reason +=
        "; \(placelessTerminal) shows no Unicode placeholders, so pictures are placed at "
        + "their cells"
    } else if chosen == .kitty, versionUnknown {
      reason +=
        "; its version is unknown (no answer in time), so pictures are placed at their "
        + "cells, which every kitty shows (Unicode placeholders need 0.28)"
    }
  }
}
