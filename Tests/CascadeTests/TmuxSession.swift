import Foundation
import TestSupport

/// A tmux server of its own running one command in a fixed-size window, for end-to-end tests.
///
/// Each session uses its own socket (`-L`), so tests never meet each other or the user's tmux,
/// and `close()` (or deinit) kills that server. Waits poll with a deadline; nothing sleeps a
/// fixed long time.
final class TmuxSession: @unchecked Sendable {
  static var isAvailable: Bool { executable != nil }

  static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  private static let counter = Counter()
  let socket: String
  private var closed = false
  /// The pane's first process: the shell, or the command it `exec`ed; the leader of the
  /// session everything in the pane belongs to.
  private(set) var panePID: pid_t?

  /// Starts `command` (run by `sh -c`) in a `width`×`height` window. After the command the shell
  /// prints `EXIT=<status>` and `TTY=echo` (or `TTY=-echo`) and waits, so the pane stays
  /// readable.
  init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:])
    throws
  {
    socket = "cascade-e2e-\(getpid())-\(Self.counter.next())"
    let exports = environment.map { "export \($0.key)='\($0.value)'; " }.joined()
    // After the command: its status, and whether the terminal echoes again (`TTY=echo`, or
    // `TTY=-echo` when the command left it broken).
    let script =
      "\(exports)\(command); echo EXIT=$?; "
      + "stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo | sed 's/^/TTY=/'; sleep 600"
    try run(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", script], capturing: false)
    panePID = pid_t(
      try run(["display-message", "-p", "#{pane_pid}"])
        .trimmingCharacters(in: .whitespacesAndNewlines))
  }

  deinit { close() }

  func close() {
    guard !closed else { return }
    closed = true
    _ = try? run(["kill-server"])
    if let panePID { SessionLeftovers.end(session: panePID) }
    // tmux may leave the socket file behind.
    let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(folder)/tmux-\(getuid())/\(socket)")
  }

  // Each tmux call waits for the client off Swift concurrency's pool (see `OffPool`), and the
  // polls sleep as tasks, so these tests never hold one of the pool's two threads.

  func send(_ keys: String...) async throws {
    try await tmux(["send-keys"] + keys)
  }

  /// Sends text literally (no key names).
  func type(_ text: String) async throws {
    try await tmux(["send-keys", "-l", text])
  }

  func capture() async throws -> String {
    try await tmux(["capture-pane", "-p"])
  }

  /// Runs any tmux command on this session's server (`set -g …`, `show-buffer`).
  func command(_ arguments: String...) async throws -> String {
    try await tmux(arguments)
  }

  /// The screen with its colours and attributes as escape sequences.
  func captureWithColors() async throws -> String {
    try await tmux(["capture-pane", "-p", "-e"])
  }

  func display(_ format: String) async throws -> String {
    try await tmux(["display-message", "-p", format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func resize(width: Int, height: Int) async throws {
    try await tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
  }

  /// The process the pane's shell started (the `cascade` under test), if it still runs.
  var commandPID: pid_t? {
    guard let shell = panePID else { return nil }
    let path = "/proc/\(shell)/task/\(shell)/children"
    let children = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return children.split(separator: " ").first.flatMap { pid_t($0) }
  }

  /// Polls the screen until `predicate` holds; returns the last screen either way.
  @discardableResult
  func waitFor(timeout: Double = 10, _ predicate: (String) -> Bool) async throws -> (Bool, String) {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = try await capture()
    while !predicate(screen) {
      if Date() > deadline { return (false, screen) }
      try await Task.sleep(for: .milliseconds(30))
      screen = try await capture()
    }
    return (true, screen)
  }

  /// The screen once it has stopped changing: the same in two captures 100 ms apart (or the
  /// last one after `timeout`). A frame that reaches tmux in more than one write is seen half
  /// drawn in between; a check that reads the whole screen reads it settled.
  func settled(timeout: Double = 10) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = try await capture()
    while Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      let next = try await capture()
      if next == screen { return next }
      screen = next
    }
    return screen
  }

  /// Sends Esc and waits until `closed` holds on a settled screen. Esc and the next key within
  /// ncurses' ESCDELAY read as Alt and that key, so the next key must wait until Esc was read;
  /// a screen caught half redrawn (after an opener, say) can look closed before it was, and a
  /// slow build draws slowly: only a screen that shows what `closed` asks for and has stopped
  /// changing proves Esc was read. `closed` should name something the new screen shows (its
  /// status line), not only what went away.
  @discardableResult
  func escape(until closed: (String) -> Bool, timeout: Double = 30) async throws -> (
    Bool, String
  ) {
    try await send("Escape")
    let deadline = Date().addingTimeInterval(timeout)
    var screen = try await capture()
    while Date() < deadline {
      screen = try await settled(timeout: max(0.2, deadline.timeIntervalSinceNow))
      if closed(screen) { return (true, screen) }
      try await Task.sleep(for: .milliseconds(30))
    }
    return (false, screen)
  }

  /// Waits for `text` on screen.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = 10) async throws -> (Bool, String) {
    try await waitFor(timeout: timeout) { $0.contains(text) }
  }

  /// The status line: the last non-empty line of the screen.
  static func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map(String.init) ?? ""
  }

  @discardableResult
  private func tmux(_ arguments: [String]) async throws -> String {
    try await OffPool.run { try self.run(arguments) }
  }

  /// Runs tmux with this session's socket and waits for it; returns what it printed.
  ///
  /// Through `ChildProcess` rather than Foundation's `Process`, whose `waitUntilExit()` was
  /// seen to hang here inside tests, never reaping the tmux client.
  @discardableResult
  private func run(_ arguments: [String], capturing: Bool = true) throws -> String {
    guard let executable = Self.executable else { throw TmuxError.missing }
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(socket)-\(Self.counter.next()).out"
    ).path
    defer { unlink(outputPath) }
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    environment.merge(IsolatedHomes.environment) { $1 }
    // The same screens whatever locale the tests run in (CI may have none): the browser draws
    // ASCII boxes without a UTF-8 locale, and these tests look for the Unicode ones.
    environment["LANG"] = "C.UTF-8"
    environment.removeValue(forKey: "LC_ALL")
    environment.removeValue(forKey: "LC_CTYPE")
    // The server that `new-session` starts keeps its inherited descriptors, so it gets none of
    // ours; it leaves the client's process group for a session of its own.
    let client = try ChildProcess.start(
      [executable, "-L", socket, "-f", "/dev/null"] + arguments, environment: environment,
      outputPath: capturing ? outputPath : nil, errorsToOutput: false, ownGroup: false)
    client.wait()
    guard capturing else { return "" }
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  enum TmuxError: Error {
    case missing
  }
}
