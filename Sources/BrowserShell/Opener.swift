import BrowserCore
import Foundation

/// Opens an item's link in a browser: `$BROWSER`, else `xdg-open`, started with `posix_spawnp`
/// and the URL as its one argument — never through a shell, so a URL cannot run commands.
public enum Opener {
  /// Why a URL was not opened.
  public enum Refusal: Error, Hashable, Sendable {
    case notWeb(String)
    /// The URL holds a space or a control character, which no real link has.
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
    // Spaces and controls (C0, DEL, C1: `y` refuses the same ones).
    guard
      !url.unicodeScalars.contains(where: { $0 == " " || $0.properties.generalCategory == .control }
      )
    else {
      return .failure(.unsafe(url))
    }
    // $BROWSER may list several programs separated by colons; the first is used, as a program
    // name only (no arguments, no `%s`), since anything more would need a shell.
    let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init)
    let program = browser.flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
    return .success([program, url])
  }

  /// Starts the browser without waiting for it; returns its process id.
  public static func open(_ url: String) -> Result<pid_t, Refusal> {
    let environment = ProcessInfo.processInfo.environment
    switch command(for: url, environment: environment) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let arguments):
      let fromVariable = arguments.first != "xdg-open"
      return spawn(arguments, environment: environment, fromBrowserVariable: fromVariable)
    }
  }

  private static func spawn(
    _ arguments: [String], environment: [String: String], fromBrowserVariable: Bool
  ) -> Result<pid_t, Refusal> {
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
    return .success(pid)
  }
}
