import Foundation
import Testing

/// A moving picture moves in the browser, `a` pauses it, `--no-animation` shows it still with
/// a mark, and the screen is still when nothing moves.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct AnimationEndToEndTests {
  static let folder = CascadeProcess.packageRoot.appendingPathComponent("Tests/Fixtures/moving")

  /// Captures the screen until two in a row differ (it moves) or `attempts` pass.
  static func changes(_ tmux: TmuxSession, attempts: Int = 12) async throws -> Bool {
    var last = try await tmux.captureWithColors()
    for _ in 0..<attempts {
      try await Task.sleep(for: .milliseconds(120))
      let now = try await tmux.captureWithColors()
      if now != last { return true }
      last = now
    }
    return false
  }

  @Test func aMovingPicturePlaysAndPauses() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' '\(Self.folder.path)' --pictures symbols --no-cache --columns 2",
      width: 80, height: 30, environment: ["TERM": "xterm-256color"])
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 30) {
      $0.contains("▁") || $0.contains("▄")
    }
    #expect(shown, "\(screen)")
    #expect(try await Self.changes(tmux), "the picture never moved")
    try await tmux.send("a")
    let (paused, after) = try await tmux.waitFor("moving pictures paused", timeout: 10)
    #expect(paused, "\(after)")
    #expect(try await !Self.changes(tmux, attempts: 6), "it moved while paused")
    #expect(try await tmux.capture().contains("▶"), "no mark on the paused picture")
    try await tmux.send("a")
    #expect(try await Self.changes(tmux), "it did not play again")
  }

  @Test func withoutAnimationThePictureStandsStillWithItsMark() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' '\(Self.folder.path)' --pictures symbols --no-cache --columns 2 "
        + "--no-animation",
      width: 80, height: 30, environment: ["TERM": "xterm-256color"])
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 30) { $0.contains("▶") }
    #expect(shown, "\(screen)")
    #expect(try await !Self.changes(tmux, attempts: 6))
  }
}
