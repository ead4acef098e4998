import Glibc
import Locking

/// A terminal's modes changed for a while before curses takes the terminal — raw for the
/// probe's answers (`TerminalProbe`), echo off while the first load runs (`EchoHold`) — and put
/// back as they were found on every way out: `release()`, and SIGINT, SIGTERM, SIGHUP or
/// SIGQUIT meanwhile, whose handlers put the modes back and then end the process with the
/// signal's default action (Ctrl-\ too, which the Swift runtime's backtracer would otherwise
/// take for a crash). A signal the process was started ignoring (`nohup`) stays ignored.
///
/// One hold at a time: the handlers can capture nothing, so the modes live in one place. A hold
/// may be taken on one thread and released on another (the probe's thread, the command's
/// task): both take `turns`, and the handlers only read.
enum HeldModes {
  /// Saves `descriptor`'s modes, installs the handlers and sets the modes `change` makes of
  /// them. False, with nothing changed, when the modes cannot be read or set.
  static func hold(_ descriptor: Int32, _ change: (inout termios) -> Void) -> Bool {
    turns.withLock { _ in holdInTurn(descriptor, change) }
  }

  /// Puts the modes back (`TCSANOW`: keys typed meanwhile stay queued) and the signals' earlier
  /// actions. Safe to call when nothing is held.
  static func release() {
    turns.withLock { _ in releaseInTurn() }
  }

  private static func holdInTurn(_ descriptor: Int32, _ change: (inout termios) -> Void) -> Bool {
    guard heldDescriptor < 0 else { return false }
    var modes = termios()
    guard tcgetattr(descriptor, &modes) == 0 else { return false }
    savedModes.pointee = modes
    heldDescriptor = descriptor
    previousActions = []
    for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      var current = sigaction()
      guard sigaction(sig, nil, &current) == 0, !isIgnored(current) else { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = restoringHandler
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      if sigaction(sig, &action, nil) == 0 { previousActions.append((sig, current)) }
    }
    change(&modes)
    guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else {
      releaseInTurn()
      return false
    }
    return true
  }

  private static func releaseInTurn() {
    guard heldDescriptor >= 0 else { return }
    _ = tcsetattr(heldDescriptor, TCSANOW, savedModes)
    heldDescriptor = -1
    for (sig, action) in previousActions {
      var previous = action
      sigaction(sig, &previous, nil)
    }
    previousActions = []
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    guard let handler = action.__sigaction_handler.sa_handler,
      action.sa_flags & Int32(truncatingIfNeeded: SA_SIGINFO) == 0
    else { return false }
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  }

  /// Taken by `hold` and `release`, around everything below.
  private static let turns = Locked(())
  nonisolated(unsafe) private static var previousActions: [(Int32, sigaction)] = []
}

// Read by the signal handler: the descriptor and the modes, the modes on the heap (see
// `CrashGuard` on why not a `termios` global).
nonisolated(unsafe) private var heldDescriptor: Int32 = -1
nonisolated(unsafe) private let savedModes: UnsafeMutablePointer<termios> = {
  let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  modes.initialize(to: termios())
  return modes
}()

/// Async-signal-safe: `tcsetattr` and `raise` only.
private func restoringHandler(_ sig: Int32) {
  if heldDescriptor >= 0 { _ = tcsetattr(heldDescriptor, TCSANOW, savedModes) }
  // The action is back to the default (`SA_RESETHAND`): raised again, the signal does what it
  // would have done once this handler returns.
  raise(sig)
}
