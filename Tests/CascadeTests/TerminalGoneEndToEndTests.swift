import Foundation
import Testing

/// A terminal closed under the browser (its window shut, its ssh connection lost) ends the
/// browser at once: nothing is left running, and nothing spins at full CPU for a terminal that
/// is gone.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct TerminalGoneEndToEndTests {
  /// - Parameter leader: whether the browser is the terminal's first process (`exec`, as a
  ///   terminal started with `-e cascade` runs it) or started by a shell, which the hang-up
  ///   ends first.
  @Test(arguments: [false, true])
  func closingTheTerminalEndsTheBrowser(leader: Bool) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    // The leak check of a sanitizer build stops every thread at exit, and the SIGCONT that
    // comes with a hang-up can wedge it (`SessionLeftovers`): that is the sanitizer's, and
    // would hide whether the browser's own way out works.
    let tmux = try TmuxSession(
      command: "\(leader ? "exec " : "")'\(binary)' --columns 3",
      environment: ["ASAN_OPTIONS": "detect_leaks=0"])
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    let pid = try #require(leader ? tmux.panePID : tmux.commandPID)
    let cpuBefore = try #require(ProcessCPU.seconds(of: pid))
    _ = try await tmux.command("kill-server")
    let deadline = Date().addingTimeInterval(3)
    var cpu = cpuBefore
    while ProcessStat.isRunning(pid), Date() < deadline {
      cpu = ProcessCPU.seconds(of: pid) ?? cpu
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(!ProcessStat.isRunning(pid), "the browser still runs 3 s after its terminal closed")
    #expect(cpu - cpuBefore < 1, "it spent \(cpu - cpuBefore) s of CPU on the way out")
  }
}
