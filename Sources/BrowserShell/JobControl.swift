import BrowserCore
import Glibc
import PictureKit

/// Ctrl-Z, `fg` and `bg`, handled between frames: the signals come in through the wake pipe
/// (`WakePipe`), so that suspending and resuming happen on the loop's thread, which alone
/// touches ncurses.
///
/// On Ctrl-Z the terminal goes back to the shell, with the pictures it holds freed
/// (`TerminalPictures.leaveScreen`), and the process stops until continued; continued in the
/// background it stops again until it is the foreground job. Back, every cell and picture is
/// drawn again.
struct JobControl {
  /// When the browser came back from a Ctrl-Z it handled itself: the SIGCONT that follows
  /// (its wake byte read an iteration later) needs no second repaint. Every sixel and iTerm2
  /// picture was sent twice on each `fg`.
  private var resumedFromSuspend: ContinuousClock.Instant?

  /// Suspends or repaints as `signals` say; returns the events for the state (pictures lost).
  mutating func handle(
    _ signals: [Int32], terminal: Terminal, pictures: TerminalPictures
  ) -> [Event] {
    var events: [Event] = []
    if signals.contains(SIGTSTP) {
      // A terminal re-entering the alternate screen keeps no kitty picture: they are freed
      // now, and sent again once the browser is back.
      events += pictures.leaveScreen(terminal)
      terminal.suspend()
      resumedFromSuspend = signals.contains(SIGCONT) ? nil : .now
    } else if signals.contains(SIGCONT), !terminal.isForeground {
      // Stopped by someone else and continued in the background: the screen is not ours.
      terminal.suspend()
      resumedFromSuspend = .now
    }
    // A SIGCONT soon after a resume this loop made is that resume's own (a `kill -CONT` of
    // a browser stopped by someone else still repaints).
    let ownContinue =
      !signals.contains(SIGTSTP) && signals.contains(SIGCONT)
      && resumedFromSuspend.map { $0.duration(to: .now) < .seconds(2) } == true
    if ownContinue { resumedFromSuspend = nil }
    if signals.contains(SIGTSTP) || (signals.contains(SIGCONT) && !ownContinue) {
      // The screen was the shell's meanwhile: curses repaints all of it, and every picture
      // over it is drawn again.
      pictures.forgetDrawn(terminal)
      terminal.repaintAll()
    }
    return events
  }
}
