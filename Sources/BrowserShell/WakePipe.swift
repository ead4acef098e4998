import Glibc
import PictureKit

/// The self-pipe that wakes `poll()`: a 0 byte for a posted load, a signal number for a signal.
final class WakePipe: @unchecked Sendable {
  let readEnd: Int32
  let writeEnd: Int32
  /// The terminal's input; set once on the main thread before the loop starts.
  var input: Int32 = 0

  init?() {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    }
    readEnd = fds[0]
    writeEnd = fds[1]
  }

  func wake() {
    var byte: UInt8 = 0
    _ = write(writeEnd, &byte, 1)
  }

  func installSignalHandlers() {
    signalPipe = writeEnd
    // A parent may have left these blocked; the loop depends on them.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    for sig in endingSignals + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&wanted, sig) }
    pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    // A write to a connection the other end closed must not end the browser; the write fails
    // with EPIPE instead. A terminal that goes away sends SIGHUP, handled above.
    signal(SIGPIPE, SIG_IGN)
    // Ctrl-Z and `fg` as well, in place of ncurses' own SIGTSTP handler, which repaints from
    // whichever thread the signal lands on and knows nothing of the pictures.
    for sig in endingSignals + [SIGTSTP, SIGCONT] { Self.forward(sig) }
    // ncurses notes a resize in its own SIGWINCH handler, but the signal may land on any of the
    // runtime's threads and then never interrupt this thread's poll(). So the handler is chained:
    // ncurses' runs first, then a wake byte makes the loop ask ncurses for KEY_RESIZE.
    var previous = sigaction()
    sigaction(SIGWINCH, nil, &previous)
    if previous.sa_flags & SA_SIGINFO == 0 {
      previousResizeHandler = previous.__sigaction_handler.sa_handler
    }
    var action = previous
    action.__sigaction_handler.sa_handler = { sig in
      if let handler = previousResizeHandler, unsafeBitCast(handler, to: Int.self) > 1 {
        handler(sig)
      }
      var byte: UInt8 = 0
      _ = write(signalPipe, &byte, 1)
    }
    action.sa_flags = previous.sa_flags & ~SA_SIGINFO
    sigaction(SIGWINCH, &action, nil)
  }

  /// Has `sig` write its number into the pipe.
  static func forward(_ sig: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { sig in
      var byte = UInt8(truncatingIfNeeded: sig)
      _ = write(signalPipe, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(sig, &action, nil)
  }

  /// Stops the process as Ctrl-Z would have (SIGTSTP's default action); returns once it is
  /// continued, with the signal forwarded again.
  static func stopUntilContinued() {
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    forward(SIGTSTP)
  }

  /// Blocks until a key, a load result or a signal arrives (or a SIGWINCH interrupts), or for
  /// at most `timeout` milliseconds (-1: no limit).
  /// - Returns: whether input or a wake byte may be waiting (false after a timeout), and the
  ///   signals received, in order.
  func waitForInput(timeout: Int32 = -1) -> (input: Bool, signals: [Int32]) {
    var fds = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, timeout)
    // Interrupted (EINTR): a signal, a resize most likely; let ncurses look for it.
    if ready < 0 { return (true, []) }
    if ready == 0 { return (false, []) }  // the timeout passed with nothing to read
    var signals: [Int32] = []
    // The terminal went away with no SIGHUP (its session's leader outlived it, as a parent
    // that is not the shell can): the hang-up is only in poll's answer, which then comes back
    // at once, forever, a busy loop at full CPU. Taken as the hang-up it is.
    if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { signals.append(SIGHUP) }
    if fds[1].revents != 0 {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(readEnd, &buffer, buffer.count)
        guard count > 0 else { break }
        for byte in buffer.prefix(count) where byte != 0 { signals.append(Int32(byte)) }
      }
    }
    return (fds[0].revents != 0 || fds[1].revents != 0, signals)
  }
}

/// Every signal whose default action ends the process without a core dump, SIGPIPE aside
/// (ignored): each restores the terminal and exits with 128 + its number. Those that dump core
/// as crashes do (SIGSEGV, SIGABRT, …) go through `CrashGuard`; SIGQUIT is here because Ctrl-\
/// would otherwise leave a raw terminal behind.
let endingSignals: [Int32] = [
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
  SIGXFSZ, SIGPOLL, SIGSTKFLT, SIGPWR,
]

nonisolated(unsafe) private var signalPipe: Int32 = -1
nonisolated(unsafe) private var previousResizeHandler: (@convention(c) (Int32) -> Void)?
