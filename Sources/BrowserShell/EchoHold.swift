import Glibc
import Locking

/// Keys typed while the feed's first load runs, before the browser takes the terminal, kept
/// off the screen: the terminal does not echo them until `release()`, so they neither print
/// over the progress line nor stay behind in the shell's scrollback. They wait in the
/// terminal's input queue and reach the browser as its first keys, as before.
///
/// The echo comes back on every way out (`HeldModes`): a process ended meanwhile by Ctrl-C,
/// Ctrl-\, a hang-up or a kill does not leave the shell without it.
public enum EchoHold {
  /// Turns echo off on standard input's terminal, if standard input is one; nothing otherwise
  /// (a feed read from standard input leaves the keys to `/dev/tty`, which the browser opens
  /// later). Call `release()` before anything else uses the terminal.
  public static func begin() {
    begin(on: STDIN_FILENO)
  }

  /// `begin()` on `descriptor`'s terminal.
  static func begin(on descriptor: Int32) {
    holding.withLock { holding in
      guard !holding, isatty(descriptor) == 1 else { return }
      holding = HeldModes.hold(descriptor) { $0.c_lflag &= ~tcflag_t(ECHO | ECHONL) }
    }
  }

  /// Gives the terminal its echo back. Safe to call when nothing is held.
  public static func release() {
    holding.withLock { holding in
      guard holding else { return }
      holding = false
      HeldModes.release()
    }
  }

  /// Whether the echo is held. Behind a lock: the browser holds the echo on the terminal
  /// probe's thread and gives it back from its own task.
  private static let holding = Locked(false)
}
