import Foundation
import Testing

/// Digits are a count only if a key that takes one follows within the count timeout; after it
/// their column change stands.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct CountTimeoutEndToEndTests {
  @Test func aPauseAfterADigitKeepsTheColumns() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 5 --count-timeout 0.5", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("3")
    #expect(try await tmux.waitFor(timeout: 30) { TmuxSession.statusLine($0).contains("3 cols") }.0)
    try await Task.sleep(for: .milliseconds(900))
    try await tmux.send("G")
    let (atEnd, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("100%")
    }
    #expect(atEnd, "G after the pause goes to the bottom: \(screen)")
    #expect(TmuxSession.statusLine(screen).contains("3 cols"), "\(screen)")
    #expect(!TmuxSession.statusLine(screen).contains("#3"), "\(screen)")
    // Typed together, `2G` is still a count.
    try await tmux.send("2", "G")
    let (second, jumped) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("#2")
    }
    #expect(second, "\(jumped)")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }
}
