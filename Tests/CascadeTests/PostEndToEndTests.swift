import Foundation
import Testing

/// Reading a post with pictures on: an 8 KB RSS article with its picture beside the text, read
/// to its end with the movement keys, its date in the reader's zone, and its third link opened
/// with `o 3` through `$BROWSER` (a stub that records what it was given). Before, `Enter`
/// showed the picture with one line of caption and the text ended at 1,000 bytes.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct PostEndToEndTests {
  /// An article of about 8 KB: numbered paragraphs, five links, the last words `The end.`.
  static func feed(picture: String) -> String {
    let paragraphs = (1...60).map { n in
      "&lt;p&gt;Paragraph \(n) of the article says a little more about the harbour "
        + "at dusk and the boats that come in.&lt;/p&gt;"
    }.joined()
    let links = (1...5).map { n in
      "&lt;a href=\"https://example.com/link\(n)\"&gt;link \(n)&lt;/a&gt;"
    }.joined(separator: ", ")
    return """
      <?xml version="1.0"?>
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
      <channel><title>Harbour Notes</title>
      <item><title>Boats at dusk</title><link>https://example.com/post</link>
        <guid>post-1</guid><author>ann@example.com (Ann)</author>
        <pubDate>Wed, 01 May 2024 03:30:00 +0200</pubDate>
        <enclosure url="\(picture)" type="image/jpeg" length="1"/>
        <description>A short teaser.</description>
        <content:encoded>&lt;p&gt;See \(links).&lt;/p&gt;\(paragraphs)&lt;p&gt;The end.&lt;/p&gt;</content:encoded>
      </item></channel></rss>
      """
  }

  @Test func anArticleIsReadWithItsPictureAndItsThirdLinkOpens() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-post-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = CascadeProcess.packageRoot
      .appendingPathComponent("Tests/Fixtures/photos/astronaut.jpg").path
    let file = folder.appendingPathComponent("feed.xml")
    let text = Self.feed(picture: picture)
    #expect(text.utf8.count > 8_000)
    try text.write(to: file, atomically: true, encoding: .utf8)
    let record = folder.appendingPathComponent("opened.txt")
    let browser = folder.appendingPathComponent("browser.sh")
    try "#!/bin/sh\nprintf '%s|%s' \"$#\" \"$1\" > '\(record.path)'\n".write(
      to: browser, atomically: true, encoding: .utf8)
    chmod(browser.path, 0o755)
    let tmux = try TmuxSession(
      command: "BROWSER='\(browser.path)' '\(binary)' --columns 2 '\(file.path)'",
      width: 120, height: 30, environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
    defer { tmux.close() }
    #expect(try await tmux.waitFor("1 item", timeout: 30).0)
    try await tmux.send("Tab")
    try await Task.sleep(for: .milliseconds(200))
    try await tmux.send("Enter")
    let (opened, post) = try await tmux.waitFor("Paragraph 1 of", timeout: 30)
    #expect(opened, "\(post)")
    #expect(post.contains("date:  2024-04-30 21:30 EDT"), "the date in TZ: \(post)")
    #expect(post.contains("feed:  Harbour Notes") && post.contains("by:    Ann"), "\(post)")
    #expect(post.contains("link 3[3]"), "links are numbered in the text: \(post)")
    // The picture is beside the text: the left half of the rows holds its cells.
    let (drawn, withPicture) = try await tmux.waitFor(timeout: 30) { screen in
      screen.split(separator: "\n").dropLast().filter { row in
        row.prefix(50).contains { $0 != " " }
      }.count > 10
    }
    #expect(drawn, "the picture is drawn beside the text: \(withPicture)")
    // The whole text, to its last words: Space pages down.
    var end = post
    for _ in 0..<40 where !end.contains("The end.") {
      try await tmux.send("Space")
      end = try await tmux.settled(timeout: 10)
    }
    #expect(end.contains("The end."), "the whole article can be read: \(end)")
    #expect(end.contains("Paragraph 60 of"), "\(end)")
    try await tmux.send("o")
    #expect(try await tmux.waitFor("open: link 1–5", timeout: 30).0)
    try await tmux.send("3")
    let deadline = Date().addingTimeInterval(20)
    var got = ""
    while got.isEmpty && Date() < deadline {
      got = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
      try await Task.sleep(for: .milliseconds(30))
    }
    #expect(got == "1|https://example.com/link3", "the opener got: \(got)")
    let (closed, waterfall) = try await tmux.escape {
      !$0.contains("Paragraph") && TmuxSession.statusLine($0).contains("1 item  2 cols")
    }
    #expect(closed, "Esc goes back to the waterfall: \(waterfall)")
    try await tmux.send("q")
    let (quit, last) = try await tmux.waitFor("EXIT=0", timeout: 30)
    #expect(quit, "\(last)")
  }
}
