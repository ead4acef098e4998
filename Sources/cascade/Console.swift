import BrowserCore
import FoundationEssentials
import Glibc
import Locking
import Synchronization

/// Writes to stdout and stderr. Errors go out as one line, prefixed with the program's name, so
/// that scripts can show them as they are.
///
/// Output that cannot be written (a full disk, a closed descriptor) is an error of its own: the
/// first one is kept, the rest of the output dropped, and the command ends with status 1 and a
/// line saying so (`finish`). A reader that went away (`EPIPE`, `cascade layout | head`) is not
/// an error: the output just ends. `FileHandle.write` trapped on both.
enum Console {
  /// The first error writing standard output, other than `EPIPE`.
  private static let failure = Locked<Int32?>(nil)
  /// Set once standard output cannot take more: later writes are dropped.
  private static let closed = Atomic(false)
  /// Standard output was closed when Cascade started (`>&-`): its descriptor now holds
  /// `/dev/null`, and the first write is the error a write to a closed descriptor gives.
  private static let startedClosed = Atomic(false)

  /// Gives each of standard input, output and error that is closed `/dev/null`, so that no
  /// file Cascade opens later gets its number: with stdout closed, a cache file opened for
  /// writing became descriptor 1 and took the output. Called first thing.
  static func reserveStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      // The lowest free number is this one: those below it are open.
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      guard opened == descriptor else {
        if opened >= 0 { close(opened) }
        continue
      }
      if descriptor == STDOUT_FILENO { startedClosed.store(true, ordering: .relaxed) }
    }
  }

  static func out(_ text: String) {
    var text = text
    text.withUTF8 { out($0) }
  }

  /// Writes `bytes` as they are, with no copy: for large output gathered in blocks.
  static func out(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !closed.load(ordering: .relaxed) else { return }
    let stopped =
      startedClosed.load(ordering: .relaxed) ? EBADF : writeAll(bytes, to: STDOUT_FILENO)
    if let code = stopped {
      closed.store(true, ordering: .relaxed)
      if code != EPIPE { failure.withLock { $0 = $0 ?? code } }
    }
  }

  /// Errors can quote a feed (a `next` link, a server's text) or an argument, and stderr is a
  /// terminal with no curses in between: the message is sanitised like any text from a feed,
  /// which also keeps it on one line. A stderr that cannot be written has nowhere to say so.
  static func error(_ message: String) {
    let safe = DisplayText(message, maximumWidth: 2_000).string
    raw("cascade: \(safe)\n", to: STDERR_FILENO)
  }

  /// `text` to `descriptor` as it is (a progress line's control sequences), errors ignored.
  static func raw(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = writeAll($0, to: descriptor) }
  }

  /// The exit status for a command that ended with `status`: 1, said on stderr, when its
  /// output could not all be written.
  static func finish(_ status: Int32) -> Int32 {
    guard let code = failure.withLock({ $0 }) else { return status }
    error("cannot write the output: \(String(cString: strerror(code)))")
    return status == 0 ? 1 : status
  }

  /// Writes all of `bytes`; the `errno` that stopped it, if any.
  private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32)
    -> Int32?
  {
    var rest = UnsafeRawBufferPointer(bytes)
    while let base = rest.baseAddress, !rest.isEmpty {
      let written = write(descriptor, base, rest.count)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      rest = UnsafeRawBufferPointer(rebasing: rest[written...])
    }
    return nil
  }
}
