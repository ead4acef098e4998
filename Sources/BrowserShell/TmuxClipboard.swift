import FeedModel
import FoundationEssentials
import Glibc

/// Copying inside tmux, which takes an application's OSC 52 copy only with `set-clipboard on`.
///
/// Its default, `external`, drops the copy while the application is told nothing, so `y`
/// said "copied" and nothing was. So tmux is asked what it will do (`show -gv set-clipboard`),
/// and unless it takes OSC 52 the text goes into its paste buffer by `tmux load-buffer -w -`,
/// which also passes it on to the terminal's clipboard where tmux can.
enum TmuxClipboard {
  /// How long a tmux command may take before it is given up: a server that does not answer
  /// must not hold up the browser.
  static let patience: Double = 2

  /// tmux's `set-clipboard` (`on`, `external`, `off`) when the browser runs inside tmux
  /// (`$TMUX`), nil outside it or when tmux does not answer.
  static func setting(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    guard let tmux = environment["TMUX"], !tmux.isEmpty else { return nil }
    guard let answer = run(["show-options", "-gv", "set-clipboard"], input: nil), answer.0 == 0
    else { return nil }
    let value = String(decoding: answer.1, as: UTF8.self).trimmingWhitespace()
    return value.isEmpty ? nil : value
  }

  /// Puts `text` into tmux's paste buffer (and, where tmux can, the terminal's clipboard);
  /// whether tmux took it.
  static func load(_ text: String) -> Bool {
    run(["load-buffer", "-w", "-"], input: Array(text.utf8))?.0 == 0
  }

  /// Runs `tmux` with `arguments`, `input` on its standard input; its exit status and output,
  /// or nil when it could not be started or did not end in time (then it is killed).
  private static func run(_ arguments: [String], input: [UInt8]?) -> (Int32, [UInt8])? {
    guard let feed = closedOnExecPipe() else { return nil }
    guard let output = closedOnExecPipe() else {
      feed.forEach { close($0) }
      return nil
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, feed[0], 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let (pid, status) = Opener.spawnp(
      ["tmux"] + arguments, environment: ProcessInfo.processInfo.environment,
      actions: &actions)
    posix_spawn_file_actions_destroy(&actions)
    close(feed[0])
    close(output[1])
    defer { close(output[0]) }
    guard status == 0 else {
      close(feed[1])
      return nil
    }
    input?.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let wrote = write(
          feed[1], bytes.baseAddress.unsafelyUnwrapped + offset, bytes.count - offset)
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else { break }
        offset += wrote
      }
    }
    close(feed[1])
    guard let code = waitForEnd(pid, seconds: patience) else {
      kill(pid, SIGKILL)
      _ = waitForEnd(pid, seconds: .infinity)
      return nil
    }
    // Its answer is a word, far less than a pipe holds: it is read once tmux has ended.
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
    while true {
      let count = read(output[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      answer += buffer[..<count]
    }
    return (code, answer)
  }

  /// A pipe whose two ends a child does not inherit (it gets copies of those it needs).
  private static func closedOnExecPipe() -> [Int32]? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return ends
  }

  /// Waits up to `seconds` for the child `pid` to end and reaps it: its exit status (128 and
  /// the signal for one killed), nil when it is still running at the end.
  private static func waitForEnd(_ pid: pid_t, seconds: Double) -> Int32? {
    let deadline = ContinuousClock.now + .seconds(min(seconds, 1e9))
    var code: Int32 = 0
    while true {
      let reaped = waitpid(pid, &code, seconds.isInfinite ? 0 : WNOHANG)
      if reaped == pid {
        return code & 0x7F == 0 ? (code >> 8) & 0xFF : 128 + (code & 0x7F)
      }
      if reaped < 0, errno != EINTR { return nil }
      if ContinuousClock.now >= deadline { return nil }
      usleep(10_000)
    }
  }
}
