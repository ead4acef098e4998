import Glibc

/// Wipes the progress line when Ctrl-C, Ctrl-\, a hang-up or a kill ends the process while the
/// line is drawn: the shell's prompt would otherwise be printed after the bar, on its row.
///
/// The handler writes the wipe to standard error, puts back the action the signal had before
/// (the default, or `HeldModes`' handler that gives the terminal its echo back while the
/// browser waits for its feed) and raises the signal again, which that action then takes as
/// soon as this handler returns: the process ends of the signal as before. A signal the
/// process was started ignoring (`nohup`) stays ignored.
///
/// Armed by `ProgressNotice` on its first draw and disarmed when it stops, in that order with
/// respect to `HeldModes`: held after it and released before it.
enum WipeOnSignal {
  static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Installs the handlers; does nothing if they are installed.
  static func arm() {
    guard !armed else { return }
    armed = true
    for (slot, sig) in signals.enumerated() {
      var current = sigaction()
      guard sigaction(sig, nil, &current) == 0, !isIgnored(current) else { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = wipingHandler
      sigemptyset(&action.sa_mask)
      previousActions[slot] = current
      // A runtime's crash handler (the Swift backtracer takes Ctrl-\ for a crash) is not
      // chained to, the signal's default action is: a zeroed action is `SIG_DFL`.
      let takesInfo = current.sa_flags & Int32(truncatingIfNeeded: SA_SIGINFO) != 0
      chainedActions[slot] = takesInfo ? sigaction() : current
      if sigaction(sig, &action, nil) == 0 { installed[slot] = true }
    }
  }

  /// Puts the signals' earlier actions back. Safe to call when nothing is armed.
  static func disarm() {
    guard armed else { return }
    armed = false
    for slot in signals.indices where installed[slot] {
      installed[slot] = false
      sigaction(signals[slot], previousActions + slot, nil)
    }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    guard let handler = action.__sigaction_handler.sa_handler,
      action.sa_flags & Int32(truncatingIfNeeded: SA_SIGINFO) == 0
    else { return false }
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  }

  nonisolated(unsafe) private static var armed = false
}

// Read by the handler, so in memory of their own rather than Swift arrays (see `CrashGuard` on
// `termios` globals): the action each signal had (put back on `disarm`), the one the handler
// hands the signal on to, and whether the signal's handler is this one's.
nonisolated(unsafe) private let previousActions = actions()
nonisolated(unsafe) private let chainedActions = actions()
private func actions() -> UnsafeMutablePointer<sigaction> {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: WipeOnSignal.signals.count)
  actions.initialize(repeating: sigaction(), count: WipeOnSignal.signals.count)
  return actions
}
nonisolated(unsafe) private let installed: UnsafeMutablePointer<Bool> = {
  let flags = UnsafeMutablePointer<Bool>.allocate(capacity: WipeOnSignal.signals.count)
  flags.initialize(repeating: false, count: WipeOnSignal.signals.count)
  return flags
}()

/// Async-signal-safe: `write`, `sigaction` and `raise` only. The signal is blocked while the
/// handler runs, so the one raised here is taken by the earlier action once it returns.
private func wipingHandler(_ sig: Int32) {
  let slot: Int
  switch sig {
  case SIGINT: slot = 0
  case SIGTERM: slot = 1
  case SIGHUP: slot = 2
  default: slot = 3
  }
  let wipe: StaticString = "\r\u{1B}[K"
  _ = write(STDERR_FILENO, wipe.utf8Start, wipe.utf8CodeUnitCount)
  if installed[slot] { sigaction(sig, chainedActions + slot, nil) }
  raise(sig)
}
