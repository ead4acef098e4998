import BrowserCore
import FeedKit
import FeedModel
import FoundationEssentials
import Glibc
import Locking

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
    return .success([program(environment), url])
  }

  /// A program started to open a link.
  public struct Started: Hashable, Sendable {
    public var pid: pid_t
    public var program: String
    public var fromBrowserVariable: Bool

    /// Tells `ended` on a thread of its own, once the program has ended, how it went
    /// (`waitForEnd`).
    public func whenEnded(_ ended: @escaping @Sendable (OpenFailure?) -> Void) {
      DetachedThread.start { ended(waitForEnd()) }
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

  /// Starts the browser without waiting for it. An item of a feed from this machine (a file,
  /// a folder, standard input) whose link is a path opens that file: it is the reader's own.
  /// A feed from the network never opens a local path.
  public static func open(
    _ url: String, localTo source: FeedSource? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<Started, Refusal> {
    switch command(for: url, localTo: source, environment: environment) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let arguments):
      let fromVariable = arguments.first != "xdg-open"
      return spawn(arguments, environment: environment, fromBrowserVariable: fromVariable)
    }
  }

  /// The program and arguments that open `url`: a web link, or for a feed from this machine
  /// a path, resolved against the feed (`FeedSource.pictureLocation`).
  static func command(
    for url: String, localTo source: FeedSource?, environment: [String: String]
  ) -> Result<[String], Refusal> {
    let web = command(for: url, environment: environment)
    guard case .failure(.notWeb) = web, let source, source.isLocal,
      case .file(let path)? = try? source.pictureLocation(of: url)
    else { return web }
    guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return .failure(.unsafe(path)) }
    return .success([program(environment), path])
  }

  /// `$BROWSER`'s first program, else `xdg-open`.
  static func program(_ environment: [String: String]) -> String {
    let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init)
    return browser.flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
  }

  /// A link opened with `$BROWSER` runs on the terminal until it ends (`ForegroundRun`), so
  /// that a text browser works: the command, or nil when `xdg-open` opens it in the background
  /// (or it does not open at all).
  public static func foregroundCommand(
    for url: String, localTo source: FeedSource?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String]? {
    guard program(environment) != "xdg-open",
      case .success(let arguments) = command(for: url, localTo: source, environment: environment)
    else { return nil }
    return arguments
  }

  /// Starts the picture viewer on the local file at `path`: `$CASCADE_VIEWER`, else
  /// `xdg-open`, the path its one argument.
  public static func view(
    _ path: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<Started, Refusal> {
    guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return .failure(.unsafe(path)) }
    let viewer = environment["CASCADE_VIEWER"].flatMap { $0.isEmpty ? nil : $0 }
    return spawn(
      [viewer ?? "xdg-open", path], environment: environment, fromBrowserVariable: viewer != nil)
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
    let (pid, status) = ProgramSpawn.spawnp(
      arguments, environment: environment, actions: &actions)
    guard status == 0 else {
      return .failure(
        .spawnFailed(arguments[0], status, fromBrowserVariable: fromBrowserVariable))
    }
    return .success(
      Started(pid: pid, program: arguments[0], fromBrowserVariable: fromBrowserVariable))
  }
}
