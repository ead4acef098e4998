import Foundation
import Testing

/// A feed of text posts, no pictures: a wall of cards in the browser and on a printed sheet,
/// each card's details its text; `--pictures-only` hides them. Dates are in the reader's zone
/// (`TZ`): the post of 03:30 +0200 is 21:30 the evening before in New York, where it said
/// 01:30 with no zone.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct TextCardEndToEndTests {
  static let feed = """
    <?xml version="1.0"?>
    <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Notes</title>
    <item><title>Hello cards</title><link>https://example.com/1</link>
      <pubDate>Wed, 01 May 2024 03:30:00 +0200</pubDate><dc:creator>Ann</dc:creator>
      <description>&lt;p&gt;The first post, with a few words of text.&lt;/p&gt;</description></item>
    <item><title>Second note</title><link>https://example.com/2</link>
      <description>Short and sweet.</description></item>
    </channel></rss>
    """

  /// The feed in a file of its own; removed by the caller.
  static func feedFile() throws -> URL {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-cards-\(UUID().uuidString).xml")
    try feed.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// New York's rule written out (POSIX `TZ`), so the test needs no zone database.
  static let newYork = ["TZ": "EST5EDT,M3.2.0,M11.1.0"]

  @Test func aFeedOfTextPostsIsAWallOfCardsWithTheirDetails() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let file = try Self.feedFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 2 '\(file.path)'", width: 80, height: 24,
      environment: Self.newYork)
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor("2024-04-30 · Ann", timeout: 30)
    #expect(shown, "\(screen)")
    #expect(screen.contains("Hello cards") && screen.contains("The first post"))
    #expect(screen.contains("Second note") && screen.contains("Short and sweet."))
    #expect(!screen.contains("no items in this feed"))
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(200))
    try await tmux.send("Enter")
    let (details, panel) = try await tmux.waitFor("by:    Ann", timeout: 30)
    #expect(details, "\(panel)")
    #expect(panel.contains("link:  https://example.com/1"))
    #expect(panel.contains("date:  2024-04-30 21:30 EDT"), "\(panel)")
    #expect(!panel.contains("image:"))
    try await tmux.send("Escape")
    #expect(try await tmux.waitFor(timeout: 30) { !$0.contains("by:    Ann") }.0)
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }

  @Test func picturesOnlyHidesTheCards() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let file = try Self.feedFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = try TmuxSession(
      command: "'\(binary)' --pictures-only '\(file.path)'", width: 80, height: 24)
    defer { tmux.close() }
    let (empty, screen) = try await tmux.waitFor("no items in this feed", timeout: 30)
    #expect(empty, "\(screen)")
    #expect(!screen.contains("Hello cards"))
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }

  @Test func aPrintedSheetShowsTheCards() async throws {
    let file = try Self.feedFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await CascadeProcess.run(
      ["print", file.path, "--width", "60", "--columns", "2", "--color", "none"],
      environment: ["TZ": "UTC0"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Hello cards"))
    #expect(result.stdout.contains("2024-05-01 · Ann"), "the day in UTC: \(result.stdout)")
    #expect(result.stdout.contains("Short and sweet."))
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }
}
