import Foundation
import Testing

/// `+` on the full screen zooms into the picture and says so; the arrows then pan instead of
/// going to the neighbours.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct FullScreenZoomEndToEndTests {
  @Test func plusZoomsAndTheArrowsPan() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(command: "'\(binary)' --columns 4", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(200))
    try await tmux.send("Enter")
    #expect(try await tmux.waitFor("item:  1 of 240", timeout: 30).0)
    try await tmux.send("Enter")
    #expect(try await tmux.waitFor("#1 of 240", timeout: 30).0)
    try await tmux.send("+")
    let (zoomed, screen) = try await tmux.waitFor("zoom 1.5×", timeout: 30)
    #expect(zoomed, "\(screen)")
    try await tmux.send("Right")
    try await Task.sleep(for: .milliseconds(300))
    let (_, panned) = try await tmux.waitFor("#1 of 240", timeout: 30)
    #expect(panned.contains("#1 of 240"), "a pan, not the next item: \(panned)")
    try await tmux.send("-")
    #expect(try await tmux.waitFor("zoom: whole picture", timeout: 30).0)
    try await tmux.send("Right")
    #expect(try await tmux.waitFor("#2 of 240", timeout: 30).0)
    #expect(try await tmux.escape { $0.contains("item:  2 of 240") }.0, "back to the post")
    #expect(try await tmux.escape { !$0.contains("item:  2 of 240") }.0)
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }
}
