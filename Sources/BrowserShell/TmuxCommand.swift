import FoundationEssentials
import Glibc

/// One run of `tmux` (or a stand-in, for tests): started with `posix_spawnp`, `input` on its
/// standard input, its standard output read as it comes, and waited for no longer than
/// `patience`, then killed. The browser asks tmux for its clipboard setting and to take a
/// copy, and the command asks it about the pane; a server that does not answer must hold up
/// neither. (`Process`'s wait was seen not to return once tmux ended.)
package enum TmuxCommand {
  /// tmux's exit status (128 and the signal for one killed) and what it wrote; nil when it
  /// could not be started or did not end within `patience` seconds.
  package static func run(
    _ arguments: [String], input: [UInt8]? = nil, program: String = "tmux",
    patience: Double, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (status: Int32, output: [UInt8])? {
    guard let output = closedOnExecPipe() else { return nil }
    let feed = input == nil ? nil : closedOnExecPipe()
    if input != nil, feed == nil {
      output.forEach { close($0) }
      return nil
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    if let feed {
      posix_spawn_file_actions_adddup2(&actions, feed[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let (pid, spawned) = ProgramSpawn.spawnp(
      [program] + arguments, environment: environment, actions: &actions)
    posix_spawn_file_actions_destroy(&actions)
    close(output[1])
    defer { close(output[0]) }
    if let feed { close(feed[0]) }
    guard spawned == 0 else {
      if let feed { close(feed[1]) }
      return nil
    }
    if let feed, let input {
      write(input, to: feed[1])
      close(feed[1])
    }
    let deadline = ContinuousClock.now + .seconds(patience)
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      var wanted = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
      let ready = poll(&wanted, 1, 100)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = read(output[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      answer += buffer[..<count]
    }
    var code: Int32 = 0
    while true {
      let reaped = waitpid(pid, &code, WNOHANG)
      if reaped == pid { break }
      if reaped < 0, errno != EINTR { return nil }
      guard ContinuousClock.now < deadline else {
        kill(pid, SIGKILL)
        waitpid(pid, &code, 0)
        return nil
      }
      usleep(10_000)
    }
    // WIFEXITED and WEXITSTATUS, which Swift cannot import.
    return (code & 0x7F == 0 ? (code >> 8) & 0xFF : 128 + (code & 0x7F), answer)
  }

  /// Writes all of `bytes` to `fd`, as far as the reader takes them.
  private static func write(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let wrote = Glibc.write(
          fd, bytes.baseAddress.unsafelyUnwrapped + offset, bytes.count - offset)
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else { break }
        offset += wrote
      }
    }
  }

  /// A pipe whose two ends a child does not inherit (it gets copies of those it needs).
  private static func closedOnExecPipe() -> [Int32]? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return ends
  }
}
