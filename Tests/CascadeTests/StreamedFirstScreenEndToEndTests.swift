import Foundation
import Testing

/// A large feed is shown from its first items while the rest is still coming, and the reader
/// can move through it meanwhile: the real binary in tmux, on a feed piped in slowly.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct StreamedFirstScreenEndToEndTests {
  static let total = 140_000

  /// A script that writes a classic feed of `total` items to standard output: 40,000 at once
  /// (some 3.5 MB), then 5,000 every quarter of a second, so the load lasts five seconds at
  /// least, however fast the machine.
  static let writer = """
    import sys, time
    out = sys.stdout
    def item(i):
        return '{"img": "https://images.example.com/feed/%d.jpg", "width": "%d", "height": "800"}' % (i, 600 + (i % 7) * 150)
    out.write('[\\n' + ',\\n'.join(item(i) for i in range(40000)))
    out.flush()
    for start in range(40000, \(total), 5000):
        time.sleep(0.25)
        out.write(',\\n' + ',\\n'.join(item(i) for i in range(start, start + 5000)))
        out.flush()
    out.write(']\\n')
    """

  @Test func theFirstScreenShowsAndScrollsWhileTheFeedLoads() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-e2e-writer-\(getpid())-\(UUID().uuidString).py")
    try Self.writer.write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    let tmux = try TmuxSession(
      command: "python3 '\(script.path)' | '\(binary)' - --columns 4 --no-images",
      width: 120, height: 40)
    defer { tmux.close() }

    // The first screen, while the feed is still loading: the browser's status line (its
    // columns), not the line that counts what is read before the first screen can be drawn
    // ("loading standard input… 64.0 KiB read 767 items", seen first on a slow binary).
    let (shown, first) = try await tmux.waitFor(timeout: 60) {
      let status = TmuxSession.statusLine($0)
      return status.contains("loading") && status.contains(" items") && status.contains(" cols")
    }
    #expect(shown, "\(first)")
    let firstStatus = TmuxSession.statusLine(first)
    #expect(firstStatus.contains(" 1-"), "the view starts at the top: \(firstStatus)")

    // The reader pages down while it loads: the view moves, the load goes on.
    try await tmux.send("Space")
    try await tmux.send("Space")
    let (moved, scrolled) = try await tmux.waitFor(timeout: 30) {
      let status = TmuxSession.statusLine($0)
      return !status.contains(" 1-") && status.contains("loading")
    }
    #expect(moved, "the view moved while loading: \(TmuxSession.statusLine(scrolled))")

    // And the whole feed arrives, on the same page.
    let (loaded, last) = try await tmux.waitFor(timeout: 120) {
      let status = TmuxSession.statusLine($0)
      return status.contains("\(Self.total) items") && !status.contains("loading")
    }
    #expect(loaded, "\(TmuxSession.statusLine(last))")
    #expect(!last.contains("page 2"), "one page, not pages: \(last)")
    #expect(!TmuxSession.statusLine(last).contains(" 1-"), "the view stayed where the reader went")
  }
}
