import Glibc
import Testing

@testable import BrowserShell

/// The one place programs are started: a program is found in `PATH`, gets the environment
/// handed in and exits as it would; no program named is refused, not a crash.
@Suite struct ProgramSpawnTests {
  @Test func aProgramRunsWithTheEnvironmentHandedIn() {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let (pid, status) = ProgramSpawn.spawnp(
      ["sh", "-c", #"test "$CASCADE_SPAWN_TEST" = yes"#],
      environment: ["PATH": "/usr/bin:/bin", "CASCADE_SPAWN_TEST": "yes"], actions: &actions)
    #expect(status == 0 && pid > 0)
    var code: Int32 = -1
    while waitpid(pid, &code, 0) < 0, errno == EINTR {}
    #expect(code == 0, "the child saw another environment (wait status \(code))")
  }

  @Test func noProgramIsRefused() {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    #expect(ProgramSpawn.spawnp([], environment: [:], actions: &actions).status == EINVAL)
    let missing = ProgramSpawn.spawnp(
      ["cascade-no-such-program"], environment: ["PATH": "/nonexistent"], actions: &actions)
    #expect(missing.status == ENOENT)
  }
}
