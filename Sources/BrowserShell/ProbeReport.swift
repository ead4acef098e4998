import PictureKit

/// What `cascade --probe` prints: what the environment and the terminal said, and what was
/// chosen, for bug reports.
///
/// Everything shown that came from outside (environment values, the terminal's answers) is
/// printable ASCII only: an answer is never written back to the terminal as a sequence.
public struct ProbeReport: Sendable {
  public var decision: PictureDecision
  public var answers: TerminalAnswers?
  public var milliseconds: Int
  public var budgetMilliseconds: Int
  public var environment: [String: String]
  /// Whether tmux said it runs Cascade (not only the terminal's name).
  public var tmux = TmuxPresence.none
  /// What was done about tmux's passthrough for this pane, inside tmux.
  public var passthrough: String?
  /// The terminfo entry drawn with, and why, when it is not `TERM`'s.
  public var terminalType: TerminalType?

  public init(
    decision: PictureDecision, answers: TerminalAnswers?, milliseconds: Int,
    budgetMilliseconds: Int, environment: [String: String]
  ) {
    self.decision = decision
    self.answers = answers
    self.milliseconds = milliseconds
    self.budgetMilliseconds = budgetMilliseconds
    self.environment = environment
  }

  /// The variables a terminal names itself by.
  static let variables = [
    "TERM", "TERM_PROGRAM", "LC_TERMINAL", "KITTY_WINDOW_ID", "WEZTERM_EXECUTABLE",
    "GHOSTTY_RESOURCES_DIR", "KONSOLE_VERSION", "VTE_VERSION", "TMUX", "ZELLIJ", "COLORTERM",
  ]

  public var lines: [String] {
    var lines: [String] = []
    let set = Self.variables.compactMap { name in
      environment[name].map { "\(name)=\(Self.printable($0))" }
    }
    lines.append(
      "environment: "
        + (set.isEmpty ? "none of the terminal's variables" : set.joined(separator: " ")))
    switch tmux {
    case .namedOnly(let name): lines.append(TmuxPresence.namedOnly(Self.printable(name)).line)
    case .answered(let version):
      lines.append(TmuxPresence.answered(version: Self.printable(version)).line)
    case .silent, .none: lines.append(tmux.line)
    }
    if let passthrough { lines.append("tmux: \(passthrough)") }
    let term = environment["TERM"].map(Self.printable) ?? ""
    lines.append(
      "terminfo: "
        + (terminalType?.reason.map { "\(terminalType?.name ?? term) (\($0))" }
          ?? (term.isEmpty ? "TERM is not set" : "\(term), as TERM says")))
    if let answers {
      let complete = answers.isComplete ? "" : " (no device attributes: the budget ran out)"
      lines.append("answers in \(milliseconds) ms of \(budgetMilliseconds)\(complete):")
      let version = answers.version.map { $0.isEmpty ? "an answer with no name" : $0 }
      lines.append("  XTVERSION: \(version ?? "no answer")")
      lines.append(
        "  kitty graphics: "
          + (answers.kittyGraphics
            ? "OK" : answers.kittyError.map { "refused (\($0))" } ?? "no answer"))
      lines.append("  cell size: \(answers.cellPixels.map { "\($0) pixels" } ?? "no answer")")
      lines.append(
        "  background: "
          + (answers.background.map { "#" + Self.hex($0) } ?? "no answer"))
      lines.append(
        "  device attributes: "
          + (answers.deviceAttributes.map { $0.map(String.init).joined(separator: ";") }
            ?? "no answer")
          + (answers.sixel ? " (sixel)" : ""))
    } else {
      lines.append("answers: not asked (no terminal, or --pictures needs none)")
    }
    lines.append("cell: \(decision.cellPixels) pixels (\(decision.cellPixelsSource))")
    let supported = decision.supported.map(\.rawValue).joined(separator: ", ")
    lines.append("supported: \(supported.isEmpty ? "symbols only" : supported)")
    lines.append("chosen: \(decision.chosen.rawValue) (\(decision.reason))")
    if decision.drawsOverFrame, decision.picturesOutliveText {
      lines.append(
        "erasing: only a screen clear takes a picture off this terminal (Konsole before "
          + "26.08), so a picture that goes clears and redraws the screen")
    }
    return lines
  }

  /// `0xRRGGBB` as six hex digits.
  static func hex(_ color: UInt32) -> String {
    let digits = String(color & 0xFF_FFFF, radix: 16)
    return String(repeating: "0", count: 6 - digits.count) + digits
  }

  private static func printable(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.prefix(80).filter { (0x20...0x7E).contains($0.value) }))
  }
}
