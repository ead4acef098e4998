import Foundation
import TestSupport
import Testing

/// A slow first load shows a progress bar on standard error when that is a terminal.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct ProgressEndToEndTests {
  @Test func layoutShowsHowFarASlowLoadHasGot() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    let items = (1...40).map { #"{"img":"https://example.com/\#($0).jpg","w":10,"h":10}"# }
    let body = Array(#"{"data":[\#(items.joined(separator: ","))]}"#.utf8)
    server.route("/feed", reply: .drip(body: body, interval: 0.004))
    let tmux = try TmuxSession(
      command: "'\(binary)' layout '\(server.url("/feed"))' --width 100 > /dev/null")
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 30) {
      $0.contains("cascade: loading") && $0.contains("% ") && $0.contains(" KiB of ")
    }
    #expect(shown, "\(screen)")
    let (ended, after) = try await tmux.waitFor("EXIT=0", timeout: 60)
    #expect(ended, "\(after)")
    #expect(!after.contains("cascade: loading"), "the line is wiped once loaded: \(after)")
  }
}
