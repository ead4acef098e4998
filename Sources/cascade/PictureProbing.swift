import BrowserShell
import FoundationEssentials
import PictureKit

/// Choosing how pictures are drawn, before curses starts: `--pictures`, the environment, and
/// (when that needs it) one batch of questions to the terminal within `--probe-budget`.
enum PictureProbing {
  /// The decision for `options`, with what it was made from.
  /// - Parameter tmux: what tmux said of this client, when it was asked already.
  static func probe(_ options: PictureOptions, tmux answered: TmuxPane.Answers? = nil)
    -> ProbeReport
  {
    let choice = PictureChoice(name: options.protocolName) ?? .auto
    let environment = ProcessInfo.processInfo.environment
    let tmuxAnswers =
      answered
      ?? TmuxPane.Answers(
        environment: environment, passthrough: wantsPassthrough(options, environment: environment))
    let tmux = PictureDecision(choice: choice, environment: environment, answers: nil).insideTmux
    var answers: TerminalAnswers?
    var milliseconds = 0
    var windowCell: PixelSize?
    if choice.needsQueries {
      (answers, milliseconds, windowCell) = TerminalProbe.run(
        budgetMilliseconds: options.probeBudget, insideTmux: tmux)
    }
    let decision = PictureDecision(
      choice: choice, environment: environment, answers: answers, windowCell: windowCell)
    var report = ProbeReport(
      decision: decision, answers: answers, milliseconds: milliseconds,
      budgetMilliseconds: options.probeBudget, environment: environment)
    report.passthrough = tmuxAnswers.passthrough
    report.tmux = tmuxAnswers.presence
    report.terminalType = terminalType(
      color: options.color, version: answers?.version, environment: environment,
      tmuxFeatures: tmuxAnswers.clientFeatures)
    return report
  }

  /// Whether tmux's passthrough is turned on for this pane (`TmuxPane.allowPassthrough`):
  /// kitty's pictures reach the terminal around tmux only through it, which is off by default,
  /// so it is turned on before the question that needs it is asked.
  static func wantsPassthrough(_ options: PictureOptions, environment: [String: String]) -> Bool {
    let choice = PictureChoice(name: options.protocolName) ?? .auto
    guard ColorChoice(rawValue: options.color) != ColorChoice.none else { return false }
    return PictureDecision(choice: choice, environment: environment, answers: nil).insideTmux
      && (choice == .auto || choice == .only(.kitty))
  }

  /// The terminfo entry the browser draws with for `--color` `color`, from the environment,
  /// the terminal's name (`version`, XTVERSION's answer) and what tmux passes on to the
  /// terminal around it (`tmuxFeatures`, `TmuxPane.clientFeatures`).
  static func terminalType(
    color: String, version: String?, environment: [String: String], tmuxFeatures: String?
  ) -> TerminalType {
    let choice = ColorChoice(rawValue: color) ?? .auto
    let direct =
      choice == .direct
      || (choice == .auto
        && TerminalType.saysTrueColor(
          environment: environment,
          tmuxFeatures: tmuxFeatures))
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
