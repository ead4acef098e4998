import BrowserCore
import FeedKit
import Foundation

/// A slow first load says what it waits for and how far it has got, on standard error when
/// that is a terminal: one line redrawn in place, wiped before anything else is printed.
enum ProgressNotice {
  /// Starts the line after `delay` (a quick load shows nothing); returns the task to `stop`.
  static func start(
    name: String, progress: LoadProgress, delay: Duration = .milliseconds(300)
  ) -> Task<Bool, Never> {
    Task {
      guard (try? await Task.sleep(for: delay)) != nil, isatty(2) == 1 else { return false }
      let shown = DisplayText(name, maximumWidth: 60).string
      let unicode =
        ProcessInfo.processInfo.environment["LANG"]?.uppercased().contains("UTF") == true
      var drawn = ""
      repeat {
        let bar = ProgressBar.text(progress.snapshot, unicode: unicode)
        // Redrawn only when it changed: a feed that stalls is not rewritten five times a second.
        if bar != drawn {
          Console.raw("\rcascade: loading \(shown)…  \(bar)\u{1B}[K", to: STDERR_FILENO)
          drawn = bar
        }
      } while (try? await Task.sleep(for: .milliseconds(200))) != nil
      return true
    }
  }

  /// Stops the line and wipes it if it was drawn.
  static func stop(_ notice: Task<Bool, Never>) async {
    notice.cancel()
    if await notice.value {
      Console.raw("\r\u{1B}[K", to: STDERR_FILENO)
    }
  }
}
