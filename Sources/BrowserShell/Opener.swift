import BrowserCore
import Foundation

/// Opens an item's link in a browser: `$BROWSER`, else `xdg-open`, started with `posix_spawnp`
/// and the URL as its one argument — never through a shell, so a URL cannot run commands.
public enum Opener {
  /// Why a URL was not opened.
  public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    case notWeb(String)
    case spawnFailed(String, Int32)

    public var description: String {
      switch self {
      case .notWeb(let url):
        return "not opening \(DisplayText(url, maximumWidth: 60)): only http and https links open"
      case .spawnFailed(let program, let code):
        return "cannot start \(program): \(String(cString: strerror(code)))"
      }
    }
  }

  /// The program and arguments for `url`, or why it must not be opened.
  public static func command(
    for url: String, environment: [String: String]
  ) -> Result<[String], Refusal> {
    let lower = url.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
      !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
    else { return .failure(.notWeb(url)) }
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
    case .success(let arguments): return spawn(arguments, environment: environment)
    }
  }

  private static func spawn(_ arguments: [String], environment: [String: String]) -> Result<
    pid_t, Refusal
  > {
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
    guard status == 0 else { return .failure(.spawnFailed(arguments[0], status)) }
    return .success(pid)
  }
}
