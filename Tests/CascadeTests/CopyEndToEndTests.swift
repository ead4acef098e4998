import Foundation
import Testing

/// `y` copies through OSC 52: tmux, told to accept it, holds the image URL in its buffer.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct CopyEndToEndTests {
  @Test func yPutsTheImageURLOnTheClipboard() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let feed = try WebFeedFile()
    defer { feed.remove() }
    let tmux = try TmuxSession(
      command: "'\(binary)' --no-images '\(feed.path)'", width: 100, height: 30)
    defer { tmux.close() }
    _ = try await tmux.command("set-option", "-g", "set-clipboard", "on")
    try await tmux.waitFor("3 items", timeout: 30)
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(500))
    // Said at once, not at the next key or redraw (the answer waited in the mailbox).
    try await tmux.send("y")
    let (said, screen) = try await tmux.waitFor(timeout: 3) {
      TmuxSession.statusLine($0).contains("copied #1's image URL")
    }
    #expect(said, "\(screen)")
    let buffer = try await tmux.command("show-buffer")
    #expect(buffer == "https://example.com/pictures/1.jpg", "\(buffer)")
  }

  /// tmux's default `set-clipboard external` drops an application's OSC 52 copy: `y` said
  /// "copied" and nothing was. Now the URL is in tmux's buffer and the status line says so.
  @Test func yUnderTmuxsDefaultSetClipboardFillsItsBuffer() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let feed = try WebFeedFile()
    defer { feed.remove() }
    let tmux = try TmuxSession(
      command: "'\(binary)' --no-images '\(feed.path)'", width: 200, height: 30)
    defer { tmux.close() }
    _ = try await tmux.command("set-option", "-g", "set-clipboard", "external")
    try await tmux.waitFor("3 items", timeout: 30)
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(500))
    try await tmux.send("y")
    let (said, screen) = try await tmux.waitFor(timeout: 10) {
      TmuxSession.statusLine($0).contains("copied #1's image URL to tmux's buffer")
    }
    #expect(said, "\(screen)")
    let buffer = try await tmux.command("show-buffer")
    #expect(buffer == "https://example.com/pictures/1.jpg", "\(buffer)")
  }
}
