import BrowserCore
import FeedKit
import FeedModel
import FoundationEssentials
import Glibc

/// A slow first load says what it waits for and how far it has got, on standard error when
/// that is a terminal: one line redrawn in place, wiped before anything else is printed, and
/// when a signal ends the process meanwhile (`WipeOnSignal`).
enum ProgressNotice {
  /// Starts the line after `delay` (a quick load shows nothing) and after `terminal`, the
  /// terminal's half of the opening: its probe and echo hold take the terminal's modes and
  /// signals before the line's handlers do (`WipeOnSignal`), and its questions are not written
  /// between the line's. Returns the task to `stop`.
  static func start(
    name: String, progress: LoadProgress, delay: Duration = .milliseconds(300),
    after terminal: Task<TerminalOpening, Never>? = nil
  ) -> Task<Bool, Never> {
    Task {
      guard (try? await Task.sleep(for: delay)) != nil else { return false }
      _ = await terminal?.value
      guard !Task.isCancelled, isatty(2) == 1 else { return false }
      let label = "cascade: loading \(name)"
      let unicode =
        ProcessInfo.processInfo.environment["LANG"]?.uppercased().contains("UTF") == true
      var drawn = ""
      repeat {
        // Fitted to the terminal's width as it is now (it can change during the load): a line
        // that wrapped would leave its first rows behind on every redraw.
        let line = ProgressBar.line(
          label, progress.snapshot, width: width(), unicode: unicode, longestLabel: 77,
          shortestLabel: 26)
        // Redrawn only when it changed: a feed that stalls is not rewritten five times a second.
        if line != drawn {
          WipeOnSignal.arm()
          Console.raw("\r\(line)\u{1B}[K", to: STDERR_FILENO)
          drawn = line
        }
      } while (try? await Task.sleep(for: .milliseconds(200))) != nil
      return true
    }
  }

  /// Standard error's width in cells, 80 where the terminal does not say.
  private static func width() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// Stops the line and wipes it if it was drawn. Call it before releasing a `HeldModes` hold
  /// taken after `start` (see `WipeOnSignal`).
  static func stop(_ notice: Task<Bool, Never>) async {
    notice.cancel()
    if await notice.value {
      Console.raw("\r\u{1B}[K", to: STDERR_FILENO)
      WipeOnSignal.disarm()
    }
  }
}
