import BrowserShell
import Foundation

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
    if choice.needsQueries {
      (answers, milliseconds, windowCell) = TerminalProbe.run(
        budgetMilliseconds: options.probeBudget, insideTmux: tmux)
    }
    let decision = PictureDecision(
      choice: choice, environment: environment, answers: answers, windowCell: windowCell)
    return ProbeReport(
      decision: decision, answers: answers, milliseconds: milliseconds,
      budgetMilliseconds: options.probeBudget, environment: environment)
  }

  /// `cascade --probe`: the report on standard output.
  static func run(_ options: PictureOptions) -> Int32 {
    for line in probe(options).lines { print(line) }
    return 0
  }
}
