import Foundation
import TestSupport
import Testing

/// Ctrl-Z, `bg` and `fg` in an interactive shell, as a person uses job control.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct JobControlEndToEndTests {
  /// Continued in the background, the browser leaves the screen to the shell and stops again
  /// until `fg`, when it takes the screen back and reads keys: it took the screen over the
  /// shell at `bg` (alternate screen, hidden cursor, mouse on), and after `fg` drew nothing and
  /// left the terminal in line mode.
  @Test func bgLeavesTheScreenToTheShellAndFgTakesItBack() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(command: "PS1='$ ' bash --norc --noprofile -i")
    defer { tmux.close() }
    try await Task.sleep(for: .milliseconds(300))
    try await tmux.type("'\(binary)' --pictures off --columns 3")
    try await tmux.send("Enter")
    let (browsing, first) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("240 items")
    }
    #expect(browsing, "\(first)")
    try await tmux.send("C-z")
    let (stopped, _) = try await tmux.waitFor(timeout: 10) { $0.contains("Stopped") }
    #expect(stopped)
    try await tmux.type("bg")
    try await tmux.send("Enter")
    try await Task.sleep(for: .milliseconds(800))
    #expect(try await tmux.display("#{alternate_on}") == "0", "the shell keeps its screen")
    #expect(try await tmux.display("#{pane_current_command}") == "bash")
    try await tmux.type("fg")
    try await tmux.send("Enter")
    var alternate = ""
    for _ in 0..<100 {
      alternate = try await tmux.display("#{alternate_on}")
      if alternate == "1" { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(alternate == "1", "the browser has its screen back")
    try await tmux.send("+")
    let (keys, screen) = try await tmux.waitFor(timeout: 10) {
      TmuxSession.statusLine($0).contains("4 cols")
    }
    #expect(keys, "a key works at once, not after Enter: \(screen)")
    try await tmux.send("q")
    try await tmux.type("echo DONE=$?")
    try await tmux.send("Enter")
    let (ended, after) = try await tmux.waitFor("DONE=0", timeout: 10)
    #expect(ended, "\(after)")
  }
}
