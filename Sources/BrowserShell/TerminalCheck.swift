import CNCurses
import Glibc

/// Whether the browser can take over this process's terminal, found out before anything is
/// written to it: the picture probe and curses both write to the terminal, and a browser that
/// cannot start must leave the screen as it was and only say why.
public enum TerminalCheck {
  /// Throws what stands in the way: no terminal on standard output or none to read keys from,
  /// or a terminal type that terminfo does not know or that cannot move the cursor (`dumb`).
  /// - Parameter type: the terminfo entry the browser will draw with, nil for `TERM`'s.
  public static func run(type: String? = nil) throws(TerminalError) {
    guard isatty(1) == 1 else { throw .notATerminal }
    if isatty(0) != 1 {
      let tty = open("/dev/tty", O_RDONLY | O_CLOEXEC | O_NOCTTY)
      defer { if tty >= 0 { close(tty) } }
      guard tty >= 0, isatty(tty) == 1 else { throw .notATerminal }
    }
    let name = type ?? getenv("TERM").map { String(cString: $0) } ?? ""
    switch cascade_terminal_usability(name) {
    case 0: throw .unknownTerminal(name)
    case 1: throw .cannotMoveCursor(name)
    default: return
    }
  }
}
