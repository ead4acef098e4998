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

  /// `$BROWSER` runs on the terminal in the foreground, so a text browser works: the browser's
  /// screen is put away while it runs and comes back when it ends.
  @Test func aTextBrowserGetsTheTerminal() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let feed = try WebFeedFile()
    defer { feed.remove() }
    let script = feed.path + ".browser"
    try "#!/bin/sh\necho \"TEXT BROWSER $1\"\nread line\necho \"$line\" > '\(script).typed'\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    defer {
      unlink(script)
      unlink(script + ".typed")
    }
    let tmux = try TmuxSession(
      command: "BROWSER='\(script)' '\(binary)' --no-images '\(feed.path)'", width: 120,
      height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("3 items", timeout: 30)
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(300))
    try await tmux.send("o")
    let (running, screen) = try await tmux.waitFor(
      "TEXT BROWSER https://example.com/1", timeout: 30)
    #expect(running, "\(screen)")
    #expect(try await tmux.display("#{alternate_on}") == "0", "the screen was put away")
    try await tmux.type("hello")
    try await tmux.send("Enter")
    let (back, after) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("opened https://example.com/1")
    }
    #expect(back, "\(after)")
    #expect(try await tmux.display("#{alternate_on}") == "1")
    let typed = try String(contentsOfFile: script + ".typed", encoding: .utf8)
    #expect(typed == "hello\n", "the text browser read the keys")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }
}
