import Foundation
import Testing

/// `/` in the real browser: the typed text reaches the prompt, Enter filters, Esc shows all.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct SearchEndToEndTests {
  @Test func slashFiltersTheSampleFeedAndEscapeShowsAllAgain() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(command: "'\(binary)' --no-images", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("/")
    try await tmux.type("brick wall")
    let (prompted, typed) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("/brick wall")
    }
    #expect(prompted, "\(typed)")
    try await tmux.send("Enter")
    let (filtered, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains(" of 240 items")
    }
    #expect(filtered, "\(screen)")
    #expect(screen.contains("Brick wall"))
    #expect(!screen.contains("Coffee"))
    try await tmux.send("Escape")
    let (all, after) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).hasPrefix("240 items")
        || TmuxSession.statusLine($0).contains(" 240 items")
    }
    #expect(all, "\(after)")
    #expect(try await tmux.display("#{alternate_on}") == "1", "Esc cleared the search, not quit")
  }
}
