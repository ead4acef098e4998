import Foundation

/// A program started with `posix_spawn`, for the tests that run tmux, an X server, terminal
/// emulators and nghttpd.
///
/// posix_spawn and waitpid rather than Foundation's `Process`, whose `waitUntilExit()` was seen
/// to hang inside tests, never reaping a tmux client. A process group of its own lets `stop()`
/// end the program and every helper it forked (kitty keeps a pre-forked child) with one signal.
package struct ChildProcess: Sendable {
  package let pid: pid_t

  /// Starts `arguments` with exactly `environment`, its input from /dev/null and its output to
  /// `outputPath` (else /dev/null), its errors there too or to /dev/null, in a process group
  /// of its own or of ours. `keep` maps descriptors of ours to the numbers the child gets them
  /// as; the signals are the default ones, none blocked.
  package static func start(
    _ arguments: [String], environment: [String: String], outputPath: String? = nil,
    errorsToOutput: Bool = true, ownGroup: Bool = true, keep: [(ours: Int32, theirs: Int32)] = []
  ) throws -> ChildProcess {
    guard let executable = arguments.first else { throw ChildProcessError.spawn("", EINVAL) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if errorsToOutput {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    for (ours, theirs) in keep { posix_spawn_file_actions_adddup2(&actions, ours, theirs) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for sig in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, sig) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    let group = ownGroup ? POSIX_SPAWN_SETPGROUP : 0
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | group))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
    guard status == 0 else { throw ChildProcessError.spawn(executable, status) }
    return ChildProcess(pid: pid)
  }

  /// Runs `arguments` to its end (blocking: call it off the pool) and returns its status and
  /// what it wrote to standard output and error.
  package static func run(_ arguments: [String], environment: [String: String]) throws -> (
    status: Int32, output: [UInt8]
  ) {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-child-\(getpid())-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    let child = try start(arguments, environment: environment, outputPath: outputPath)
    let status = child.wait()
    let output = (try? Data(contentsOf: URL(fileURLWithPath: outputPath))).map(Array.init) ?? []
    return (status, output)
  }

  /// Waits for the program to end; its exit status, or 128 + the signal that ended it.
  @discardableResult
  package func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Whether the program still runs (it has not ended, or has ended and not been reaped).
  package var isRunning: Bool {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == 0
  }

  /// Ends the program's process group: SIGTERM, then SIGKILL for whatever lingers in it after
  /// two seconds or after the program itself ended; reaps the program.
  package func stop() {
    kill(-pid, SIGTERM)
    for _ in 0..<100 where isRunning { usleep(20_000) }
    // While any process of the group lives, its id cannot be given to another process.
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}

package enum ChildProcessError: Error, CustomStringConvertible {
  case spawn(String, Int32)

  package var description: String {
    switch self {
    case .spawn(let program, let code):
      "could not start \(program): \(String(cString: strerror(code)))"
    }
  }
}
