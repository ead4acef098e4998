import BrowserShell
import Locking

/// The terminal's half of the browser's opening, done while the feed's first load runs: the
/// terminfo check, the terminal probe's questions and answers, and then the echo held off for
/// keys typed during the rest of the load.
///
/// Why beside the load: none of it waits for the feed, and the probe's round trip is the
/// terminal's (a millisecond in a local terminal, a network's round trip over ssh): made after
/// the feed, it came before the first picture's request on every start. Made during the load,
/// it costs nothing that shows.
///
/// What a feed that fails still finds: a terminal whose screen is as it was. The probe's
/// questions draw nothing on a terminal that answers them, and the modes it changes are put
/// back before the error is said (the command waits for `begin`'s task first). A terminal the
/// browser cannot draw on is never asked: its check comes first.
struct TerminalOpening: Sendable {
  /// The terminfo entry to draw with, or what stands in the way of drawing at all.
  var terminalType: Result<TerminalType, TerminalError>
  /// What the probe found, when it ran: pictures wanted and the terminal usable.
  var report: ProbeReport?

  /// Starts the check and the probe on a thread of their own (the probe blocks in `poll` for
  /// up to `--probe-budget`), after tmux's answers, which the probe needs first (passthrough
  /// for the kitty question, and tmux's features for the terminal's type).
  /// - Parameters:
  ///   - probes: whether to ask the terminal (pictures wanted in some colour).
  ///   - holdsEcho: whether to hold the echo off once the probe has ended (`EchoHold`); not
  ///     for a feed typed on standard input.
  static func begin(
    _ options: PictureOptions, environment: [String: String],
    tmux: Task<TmuxPane.Answers, Never>, probes: Bool, holdsEcho: Bool
  ) -> Task<TerminalOpening, Never> {
    Task {
      let answers = await tmux.value
      return await withCheckedContinuation { continuation in
        let work: @Sendable () -> Void = {
          let opening = make(
            options, environment: environment, tmux: answers, probes: probes)
          if holdsEcho { EchoHold.begin() }
          continuation.resume(returning: opening)
        }
        if !DetachedThread.start(work) { work() }
      }
    }
  }

  /// The check, then the probe when it is wanted and the check passed.
  private static func make(
    _ options: PictureOptions, environment: [String: String], tmux: TmuxPane.Answers,
    probes: Bool
  ) -> TerminalOpening {
    // A TERM with no terminfo entry here (kitty's over ssh) is drawn as the xterm family.
    let type = PictureProbing.terminalType(
      color: options.color, version: nil, environment: environment,
      tmuxFeatures: tmux.clientFeatures)
    do throws(TerminalError) {
      try TerminalCheck.run(type: type.name)
    } catch {
      return TerminalOpening(terminalType: .failure(error))
    }
    guard probes else { return TerminalOpening(terminalType: .success(type)) }
    let report = PictureProbing.probe(options, tmux: tmux)
    return TerminalOpening(terminalType: .success(report.terminalType ?? type), report: report)
  }
}
