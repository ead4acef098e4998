import Foundation

/// One tmux client in control mode (`tmux -C`): commands go down a pipe and their answers come
/// back, with no process started for each.
///
/// A benchmark that times a frame by reading the screen again and again needs this: started
/// once per look, `tmux capture-pane` took 3–6 ms on a loaded machine, a step coarser than the
/// latency measured, and the same few milliseconds added to both sides of a ratio pulled it
/// towards 1. The client asks for no pane output (`no-output`): a moving picture's megabyte a
/// second copied to it would load the tmux server on one side of the comparison only.
final class TmuxControlClient {
  private let pid: pid_t
  private let commands: FileHandle
  private let answers: Int32
  private var buffer: [UInt8] = []

  /// Attaches to `session` of the tmux server on socket `socket`; nil when tmux cannot start.
  init?(tmux: String, socket: String, session: String) {
    var down: [Int32] = [-1, -1]
    var up: [Int32] = [-1, -1]
    guard pipe(&down) == 0 else { return nil }
    guard pipe(&up) == 0 else {
      close(down[0])
      close(down[1])
      return nil
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, down[0], 0)
    posix_spawn_file_actions_adddup2(&actions, up[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    for fd in down + up { posix_spawn_file_actions_addclose(&actions, fd) }
    let arguments = [tmux, "-L", socket, "-C", "attach-session", "-f", "no-output", "-t", session]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, tmux, &actions, nil, argv, environ)
    close(down[0])
    close(up[1])
    guard started == 0 else {
      close(down[1])
      close(up[0])
      return nil
    }
    self.pid = pid
    commands = FileHandle(fileDescriptor: down[1], closeOnDealloc: true)
    answers = up[0]
    // Attaching answers with a block of its own: read up to a known answer, so that each later
    // command reads its own.
    let mark = "cascade-bench-\(getpid())"
    for _ in 0..<5 {
      guard let answer = run("display-message -p \(mark)") else { return nil }
      if answer == [mark] { return }
    }
    return nil
  }

  deinit {
    try? commands.close()
    close(answers)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }

  /// Runs `command`; returns its output lines (nil when tmux answered with an error or went
  /// away).
  ///
  /// A block whose `%begin` flags are 0 answers no command of this client (attaching answers
  /// with one, which can come after the answer to the first command): it is skipped.
  func run(_ command: String) -> [String]? {
    commands.write(Data((command + "\n").utf8))
    var output: [String] = []
    var inBlock = false
    while let line = nextLine() {
      if line.hasPrefix("%begin") {
        inBlock = Self.answersACommand(line)
        output = []
      } else if line.hasPrefix("%end") {
        if inBlock { return output }
      } else if line.hasPrefix("%error") {
        if inBlock { return nil }
      } else if inBlock {
        output.append(line)
      }
    }
    return nil
  }

  /// Whether the block a `%begin` line opens answers a command of this client: its flags
  /// (the last field) are 1 then, 0 for the block attaching answers with.
  static func answersACommand(_ begin: String) -> Bool {
    begin.split(separator: " ").last != "0"
  }

  private func nextLine() -> String? {
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeSubrange(...end)
        return line
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }
}
