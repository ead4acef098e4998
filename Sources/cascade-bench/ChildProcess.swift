import Foundation

/// Runs the programs the benchmarks compare with or drive (the release `cascade`, timg,
/// python, tmux) to their end.
///
/// With `posix_spawn` and `waitpid`, not `Process`: its wait did not always return once tmux
/// had started its server in the background.
enum ChildProcess {
  /// Runs `path` with `arguments` to its end, standard input empty and standard error thrown
  /// away; its standard output read when `capture`, else thrown away too.
  /// - Parameter environment: added to this process's environment.
  /// - Returns: the exit status (-1 when it could not start or ended on a signal) and the
  ///   output.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String] = [:],
    capture: Bool = false
  ) -> (status: Int32, output: String) {
    var pipe: [Int32] = [-1, -1]
    if capture, Glibc.pipe(&pipe) != 0 { return (-1, "") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capture {
      posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipe[0])
      posix_spawn_file_actions_addclose(&actions, pipe[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, path, &actions, nil, argv, envp)
    if capture { close(pipe[1]) }
    guard started == 0 else {
      if capture { close(pipe[0]) }
      return (-1, "")
    }
    var output: [UInt8] = []
    if capture {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let got = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
        if got > 0 {
          output += buffer[0..<got]
        } else if got == 0 || errno != EINTR {
          break
        }
      }
      close(pipe[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : -1, String(decoding: output, as: UTF8.self))
  }

  /// The release `cascade` beside this benchmark, if it was built.
  static var releaseCascade: String? {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("cascade").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Where the program `name` is installed, if it is.
  static func find(_ name: String) -> String? {
    ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The CPU time process `pid` has used so far, user and system, in seconds (0 when it is
  /// gone).
  static func cpuSeconds(_ pid: Int32) -> Double {
    guard
      let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    // After the command's name: state is field 3, utime 14 and stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12])
    else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
