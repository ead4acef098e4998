import Glibc

/// Asks the terminal `TerminalQueries.batch` once, before curses starts, and reads the answers
/// within a time budget.
///
/// The terminal is put in raw mode without echo for the read, and its modes are put back as
/// they were on every way out: a normal return, and SIGINT, SIGTERM, SIGHUP or SIGQUIT
/// meanwhile (their handlers restore the modes, then let the signal do what it did before).
/// A terminal that answers nothing costs the budget once; one that answers stops the wait at
/// its device attributes.
public enum TerminalProbe {
  /// The answers, the time they took in milliseconds, and the cell size from the window's
  /// pixel size; nil answers when there is no terminal to ask.
  public static func run(budgetMilliseconds: Int, insideTmux: Bool) -> (
    answers: TerminalAnswers?, milliseconds: Int, windowCell: PixelSize?
  ) {
    var opened: Int32 = -1
    defer { if opened >= 0 { close(opened) } }
    let input: Int32
    let output: Int32
    if isatty(0) == 1 && isatty(1) == 1 {
      (input, output) = (0, 1)
    } else {
      opened = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
      guard opened >= 0 else { return (nil, 0, nil) }
      (input, output) = (opened, opened)
    }
    let windowCell = windowCellSize(output)
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return (nil, 0, windowCell) }
    probeSaved = saved
    probeDescriptor = input
    let previous = installRestoringHandlers()
    defer {
      restoreModes()
      for (sig, action) in previous {
        var action = action
        sigaction(sig, &action, nil)
      }
      probeDescriptor = -1
    }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSANOW, &raw) == 0 else { return (nil, 0, windowCell) }

    let start = now()
    let queries = TerminalQueries.batch(insideTmux: insideTmux)
    guard writeAll(output, queries) else { return (nil, 0, windowCell) }
    var received: [UInt8] = []
    var answers = TerminalAnswers()
    var buffer = [UInt8](repeating: 0, count: 1024)
    while !answers.isComplete, received.count < TerminalAnswers.maximumBytes {
      let left = budgetMilliseconds - (now() - start)
      guard left > 0 else { break }
      var wanted = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&wanted, 1, Int32(left))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      let count = read(input, &buffer, buffer.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { break }
      received += buffer.prefix(count)
      answers = TerminalAnswers(parsing: received)
    }
    // Answers cut off by the budget would reach curses as keys: drop what has come. (Ones
    // still on their way cannot be told from typing; a slow link needs a larger budget.)
    if !answers.isComplete { tcflush(input, TCIFLUSH) }
    return (answers, now() - start, windowCell)
  }

  /// The cell size from the window's pixel size, when the terminal fills it in.
  private static func windowCellSize(_ descriptor: Int32) -> PixelSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel > 0, size.ws_ypixel > 0
    else { return nil }
    let cell = PixelSize(
      width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    return cell.width > 0 && cell.height > 0 ? cell : nil
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let count = bytes[done...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      done += count
    }
    return true
  }

  private static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }

  private static func installRestoringHandlers() -> [(Int32, sigaction)] {
    var previous: [(Int32, sigaction)] = []
    for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      var old = sigaction()
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { sig in
        restoreModes()
        // Then as if the probe had never been here: the default action, once more.
        signal(sig, SIG_DFL)
        raise(sig)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(sig, &action, &old)
      previous.append((sig, old))
    }
    return previous
  }
}

/// The terminal's modes as found, for the signal handlers (which can capture nothing).
nonisolated(unsafe) private var probeSaved = termios()
nonisolated(unsafe) private var probeDescriptor: Int32 = -1

/// Puts the modes back; async-signal-safe (`tcsetattr` only).
private func restoreModes() {
  guard probeDescriptor >= 0 else { return }
  tcsetattr(probeDescriptor, TCSANOW, &probeSaved)
}
