import Foundation
import Testing

/// The full screen is a place to stay: a slideshow moves on by itself, and the help opened
/// there closes back to it.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct FullScreenEndToEndTests {
  @Test func aSlideshowMovesOnAndTheHelpComesBackToIt() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --no-images --columns 4 --slideshow-seconds 0.5", width: 100,
      height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(200))
    try await tmux.send("p")
    #expect(try await tmux.waitFor("item:  1 of 240", timeout: 30).0)
    let (moved, screen) = try await tmux.waitFor("item:  3 of 240", timeout: 30)
    #expect(moved, "\(screen)")
    try await tmux.send("?")
    #expect(try await tmux.waitFor("any key closes", timeout: 30).0)
    let (back, details) = try await tmux.escape {
      $0.contains("item:  ") && !$0.contains("any key closes")
    }
    #expect(back, "the help closed back to the full screen: \(details)")
    #expect(try await tmux.escape { !$0.contains("item:  ") }.0)
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }
}
