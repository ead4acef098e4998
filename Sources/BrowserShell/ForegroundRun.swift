import BrowserCore
import FoundationEssentials
import Glibc

/// A program run on the browser's terminal, in the foreground, until it ends: `$BROWSER`,
/// which may be a text browser (`w3m`, `lynx`) that needs the terminal to itself.
///
/// The terminal is lent (`Terminal.lend`), as on Ctrl-Z; the program gets it as its standard
/// input, output and error. Ctrl-C and Ctrl-\ typed in it reach it (the whole foreground group
/// gets them), so the browser ignores them meanwhile; Ctrl-Z stops the program, and the
/// browser stops with it until `fg` continues both. A graphical browser that hands the link
/// to a running one returns at once: the screen comes back as it was.
enum ForegroundRun {
  /// Runs `arguments` with `input` (the terminal's) as standard input and the process's own
  /// output; why it failed, nil when it ran and ended well.
  static func run(
    _ arguments: [String], input: Int32,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> OpenFailure? {
    guard let program = arguments.first else { return nil }
    let quiet = [SIGINT, SIGQUIT, SIGTSTP]
    for sig in quiet { signal(sig, SIG_IGN) }
    defer { for sig in quiet { WakePipe.forward(sig) } }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if input != 0 { posix_spawn_file_actions_adddup2(&actions, input, 0) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The program starts with every signal as a program expects it: not ignored (the browser
    // ignores SIGPIPE, and these while it waits), none blocked.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for sig in quiet + [SIGPIPE] { sigaddset(&defaults, sig) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let (pid, status) = ProgramSpawn.spawnp(
      arguments, environment: environment, actions: &actions, attributes: attributes)
    guard status == 0 else {
      return .cannotStart(
        program: program, fromBrowserVariable: true, reason: String(cString: strerror(status)))
    }
    var code: Int32 = 0
    while true {
      let waited = waitpid(pid, &code, WUNTRACED)
      if waited < 0 {
        guard errno == EINTR else { return nil }
        continue
      }
      // Stopped by Ctrl-Z: the browser stops too, and both go on at `fg`.
      if code & 0xFF == 0x7F {
        raise(SIGSTOP)
        kill(pid, SIGCONT)
        continue
      }
      break
    }
    let signal = code & 0x7F
    let exit = (code >> 8) & 0xFF
    guard signal != 0 || exit != 0 else { return nil }
    return .ended(
      program: program, fromBrowserVariable: true,
      how: signal != 0 ? "was ended by signal \(signal)" : "exited with status \(exit)",
      noBrowserSetUp: false)
  }
}
