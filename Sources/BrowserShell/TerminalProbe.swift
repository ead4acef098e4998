import Glibc
import PictureKit

/// Asks the terminal `TerminalQueries.batch` once, before curses starts, and reads the answers
/// within a time budget.
///
/// The terminal is put in raw mode without echo for the read, and its modes are put back as
/// they were on every way out: a normal return, and SIGINT, SIGTERM, SIGHUP or SIGQUIT
/// meanwhile (`HeldModes`).
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
    let held = HeldModes.hold(input) { raw in
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
      raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 0
        cc[Int(VTIME)] = 0
      }
    }
    guard held else { return (nil, 0, windowCell) }
    defer { HeldModes.release() }

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
}
