import BrowserShell
import FoundationEssentials
import PictureKit

/// Choosing how pictures are drawn, before curses starts: `--pictures`, the environment, and
/// (when that needs it) one batch of questions to the terminal within `--probe-budget`.
enum PictureProbing {
  /// The decision for `options`, with what it was made from.
  static func probe(_ options: PictureOptions) -> ProbeReport {
    let choice = PictureChoice(name: options.protocolName) ?? .auto
    let environment = ProcessInfo.processInfo.environment
    let tmux = PictureDecision(choice: choice, environment: environment, answers: nil).insideTmux
    var answers: TerminalAnswers?
    var milliseconds = 0
    var windowCell: PixelSize?
    var passthrough: String?
    // kitty's pictures reach the terminal around tmux only through its passthrough, which is
    // off by default: turned on for this pane before the question that needs it is asked.
    if tmux, choice == .auto || choice == .only(.kitty) {
      passthrough = TmuxPane.allowPassthrough(environment: environment)
    }
    if choice.needsQueries {
      (answers, milliseconds, windowCell) = TerminalProbe.run(
        budgetMilliseconds: options.probeBudget, insideTmux: tmux)
    }
    let decision = PictureDecision(
      choice: choice, environment: environment, answers: answers, windowCell: windowCell)
    var report = ProbeReport(
      decision: decision, answers: answers, milliseconds: milliseconds,
      budgetMilliseconds: options.probeBudget, environment: environment)
    report.passthrough = passthrough
    report.tmux = TmuxPane.presence(environment: environment)
    report.terminalType = terminalType(
      color: options.color, version: answers?.version, environment: environment)
    return report
  }

  /// The terminfo entry the browser draws with for `--color` `color`, from the environment
  /// and the terminal's name (`version`, XTVERSION's answer).
  static func terminalType(color: String, version: String?, environment: [String: String])
    -> TerminalType
  {
    let choice = ColorChoice(rawValue: color) ?? .auto
    let direct =
      choice == .direct
      || (choice == .auto
        && TerminalType.saysTrueColor(
          environment: environment,
          tmuxFeatures: TmuxPane.clientFeatures(environment: environment)))
    return TerminalType(
      environment: environment, version: version, direct: direct,
      colors: TerminalType.installedColors)
  }

  /// `cascade --probe`: the report on standard output.
  static func run(_ options: PictureOptions) -> Int32 {
    for line in probe(options).lines { print(line) }
    return 0
  }
}
