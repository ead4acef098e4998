import Glibc

/// Where every program Cascade runs is started: the opener and the viewer (`Opener`), a
/// browser in the foreground (`ForegroundRun`) and tmux's answers (`TmuxCommand`), each with
/// its own standard streams and signals set up in `actions` and `attributes`. One place, so
/// that the arguments and environment are handed over (and freed) one way.
enum ProgramSpawn {
  /// `posix_spawnp` of `arguments` (the first names the program, looked up in `PATH`) with
  /// `environment`: the child's pid and the call's status (0, else an `errno`).
  static func spawnp(
    _ arguments: [String], environment: [String: String],
    actions: inout posix_spawn_file_actions_t, attributes: posix_spawnattr_t? = nil
  ) -> (pid: pid_t, status: Int32) {
    guard let program = arguments.first else { return (0, EINVAL) }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    // glibc's attributes are plain values (flags, signal sets): a copy serves.
    let status: Int32
    if var attributes {
      status = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    } else {
      status = posix_spawnp(&pid, program, &actions, nil, argv, envp)
    }
    return (pid, status)
  }
}
