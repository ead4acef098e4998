import Foundation
import Testing

/// `o` where nothing can open links says what to set.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct OpenerEndToEndTests {
  @Test func withNoOpenerTheStatusLineSaysWhatToSet() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let feed = try WebFeedFile()
    defer { feed.remove() }
    let tmux = try TmuxSession(
      command: "unset BROWSER; PATH=/nonexistent '\(binary)' --no-images '\(feed.path)'",
      width: 120, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("3 items", timeout: 30)
    try await tmux.send("Tab", "o")
    let (said, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("set $BROWSER")
    }
    #expect(said, "\(screen)")
    #expect(!screen.contains("No such file"))
  }

  /// `BROWSER=false` starts and fails at once: the status line says so (it said "opened").
  @Test func aBrowserThatFailsIsReportedAsFailing() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let feed = try WebFeedFile()
    defer { feed.remove() }
    let tmux = try TmuxSession(
      command: "BROWSER=false '\(binary)' --no-images '\(feed.path)'", width: 160, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("3 items", timeout: 30)
    try await tmux.send("Tab", "o")
    let (said, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("from $BROWSER exited with status 1")
    }
    #expect(said, "\(screen)")
  }
}
