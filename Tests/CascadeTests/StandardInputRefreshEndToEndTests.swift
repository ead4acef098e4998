import Foundation
import Testing

/// A feed read from standard input cannot be read again: a refresh says so and keeps the items.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct StandardInputRefreshEndToEndTests {
  @Test func refreshingStandardInputSaysItCannotBeReadAgain() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-e2e-stdin-\(getpid())-\(UUID().uuidString).json")
    try #"{"data":[{"img":"https://example.com/1.jpg","width":100,"height":120,"title":"piped"}]}"#
      .write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = try TmuxSession(command: "'\(binary)' - < '\(file.path)'")
    defer { tmux.close() }
    try await tmux.waitFor("piped", timeout: 30)
    try await tmux.send("r")
    let (said, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("cannot be read again")
    }
    #expect(said, "\(screen)")
    #expect(!screen.contains("malformed"))
    #expect(screen.contains("piped"))
  }
}
