import BrowserCore
import FeedKit
import Foundation

/// Opens an item's link in a browser: `$BROWSER`, else `xdg-open`, started with `posix_spawnp`
/// and the URL as its one argument — never through a shell, so a URL cannot run commands.
public enum Opener {
  /// Why a URL was not opened.
  public enum Refusal: Error, Hashable, Sendable {
    case notWeb(String)
    /// The URL holds a space, a control or an invisible character, which no real link has.
    case unsafe(String)
    /// `program` could not be started (`errno`-style `code`); `fromBrowserVariable` when it
    /// came from `$BROWSER`.
    case spawnFailed(String, Int32, fromBrowserVariable: Bool)

    /// What the state is told, to word for the status line. `xdg-open` missing with no
    /// `$BROWSER` means there is nothing to open links with at all.
    public var failure: OpenFailure {
      switch self {
      case .notWeb: return .notWeb
      case .unsafe: return .unsafeCharacters
      case .spawnFailed(_, ENOENT, false): return .noOpener
      case .spawnFailed(let program, let code, let fromVariable):
        return .cannotStart(
          program: program, fromBrowserVariable: fromVariable,
          reason: String(cString: strerror(code)))
      }
    }
  }

  /// The program and arguments for `url`, or why it must not be opened.
  public static func command(
    for url: String, environment: [String: String]
  ) -> Result<[String], Refusal> {
    let lower = url.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
      return .failure(.notWeb(url))
    }
    // Spaces, controls and invisible characters (`y` refuses the same ones, spaces aside).
    guard !url.unicodeScalars.contains(where: { $0 == " " || LinkCharacters.isHidden($0) }) else {
      return .failure(.unsafe(url))
    }
    // $BROWSER may list several programs separated by colons; the first is used, as a program
    // name only (no arguments, no `%s`), since anything more would need a shell.
    let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init)
    let program = browser.flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
    return .success([program, url])
  }

  /// A program started to open a link.
  public struct Started: Hashable, Sendable {
    public var pid: pid_t
    public var program: String
    public var fromBrowserVariable: Bool

    /// Tells `ended` on a thread of its own, once the program has ended, how it went
    /// (`waitForEnd`).
    public func whenEnded(_ ended: @escaping @Sendable (OpenFailure?) -> Void) {
      Thread.detachNewThread { ended(waitForEnd()) }
    }

    /// Waits for the program to end (on the calling thread) and reaps it; the failure when it
    /// ended badly — an exit status other than 0, or a signal — nil when it ended well.
    /// `xdg-open` ends once the browser has the link, with 3 when no browser is set up; a
    /// browser named in `$BROWSER` may run until it is closed.
    func waitForEnd() -> OpenFailure? {
      var code: Int32 = 0
      while waitpid(pid, &code, 0) < 0 {
        guard errno == EINTR else { return nil }
      }
      let signal = code & 0x7F
      let status = (code >> 8) & 0xFF
      guard signal != 0 || status != 0 else { return nil }
      return .ended(
        program: program, fromBrowserVariable: fromBrowserVariable,
        how: signal != 0 ? "was ended by signal \(signal)" : "exited with status \(status)",
        noBrowserSetUp: signal == 0 && status == 3 && !fromBrowserVariable)
    }
  }

  /// Starts the browser without waiting for it.
  public static func open(
    _ url: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<Started, Refusal> {
    switch command(for: url, environment: environment) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let arguments):
      let fromVariable = arguments.first != "xdg-open"
      return spawn(arguments, environment: environment, fromBrowserVariable: fromVariable)
    }
  }

  private static func spawn(
    _ arguments: [String], environment: [String: String], fromBrowserVariable: Bool
  ) -> Result<Started, Refusal> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The browser must not scribble over the screen or read our keys.
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
    guard status == 0 else {
      return .failure(
        .spawnFailed(arguments[0], status, fromBrowserVariable: fromBrowserVariable))
    }
    return .success(
      Started(pid: pid, program: arguments[0], fromBrowserVariable: fromBrowserVariable))
  }
}
