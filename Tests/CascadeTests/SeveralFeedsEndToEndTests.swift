import Foundation
import TestSupport
import Testing

/// Several FEEDs in the browser: one waterfall of pictures given as feeds and a feed's items,
/// each box naming its feed where it fits, the details saying it, and a FEED that cannot be
/// read named in the status line while the others are shown.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct SeveralFeedsEndToEndTests {
  static let feed = """
    <?xml version="1.0"?>
    <rss version="2.0"><channel><title>Notes</title>
    <item><title>Hello cards</title><link>https://example.com/1</link>
      <description>The first post, with a few words of text.</description></item>
    </channel></rss>
    """

  @Test func picturesAndAFeedOpenAsOneWaterfallEachNamingItsFeed() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pictures = CascadeProcess.packageRoot.appendingPathComponent("Resources/pictures")
    for name in ["coffee.jpg", "horse.png"] {
      try FileManager.default.copyItem(
        atPath: pictures.appendingPathComponent(name).path, toPath: folder + "/" + name)
    }
    try Self.feed.write(toFile: folder + "/notes.xml", atomically: true, encoding: .utf8)
    let tmux = try TmuxSession(
      command: "cd '\(folder)' && '\(binary)' --columns 3 --pictures off notes.xml coffee.jpg "
        + "missing.json horse.png", width: 90, height: 24)
    defer { tmux.close() }
    // The status line is the frame's last part: a screen with the first card and no status
    // line yet was a frame half drawn (seen once in a busy run).
    let (shown, first) = try await tmux.waitFor(timeout: 30) {
      $0.contains("Hello cards") && $0.contains("3 items")
    }
    #expect(shown, "\(first)")
    let screen = try await tmux.settled()
    // The card names its feed on its top edge; a picture given as a feed is titled with its
    // path and not named twice.
    #expect(screen.contains("Notes"), "\(screen)")
    #expect(screen.contains("coffee.jpg") && screen.contains("horse.png"), "\(screen)")
    #expect(screen.contains("missing.json: cannot read"), "\(screen)")
    #expect(screen.contains("3 items"), "\(screen)")
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(200))
    try await tmux.send("Enter")
    let (details, panel) = try await tmux.waitFor("feed:  Notes", timeout: 30)
    #expect(details, "\(panel)")
    #expect(try await tmux.escape { !$0.contains("feed:  Notes") }.0)
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }
}
