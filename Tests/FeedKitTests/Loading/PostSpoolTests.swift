import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// Posts' whole HTML on disk for the post view: read back by the item's key, a post cut at the
/// cap, and nothing left in the folder however the program ends (the file is gone from it as
/// soon as it is open).
@Suite struct PostSpoolTests {
  @Test func aPostIsReadBackByItsItemsKeyAndTheFolderStaysEmpty() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let spool = try #require(PostSpool.make(in: folder))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    let a = FeedItem.text(title: "A", id: "a", link: nil, about: .none)
    let b = FeedItem.text(title: "B", id: nil, link: "https://x.example/b", about: .none)
    let long = "<p>" + String(repeating: "é", count: 5_000) + "</p>"
    spool.keep(long, for: a)
    spool.keep("<p>b</p>", for: b)
    #expect(spool.html(for: try #require(a.postKey)) == long)
    #expect(spool.html(for: "link:https://x.example/b") == "<p>b</p>")
    #expect(spool.html(for: "id:none") == nil)
  }

  /// Posts are written a batch at a time: those written, those waiting in the batch and one
  /// kept again under its key all read back as kept.
  @Test func postsWrittenAndWaitingReadBackAlike() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let spool = try #require(PostSpool.make(in: folder))
    let count = 3 * PostSpool.writeBytes / 1_000 + 7
    func post(_ n: Int) -> String { "<p>\(n)</p>" + String(repeating: "\(n % 10)", count: 990) }
    for n in 0..<count {
      spool.keep(post(n), for: .text(title: "P", id: "p\(n)", link: nil, about: .none))
    }
    spool.keep("<p>again</p>", for: .text(title: "P", id: "p1", link: nil, about: .none))
    for n in [0, 2, count / 2, count - 2, count - 1] {
      #expect(spool.html(for: "id:p\(n)") == post(n), "post \(n)")
    }
    #expect(spool.html(for: "id:p1") == "<p>again</p>")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func aPostPastTheCapKeepsOneByteMoreToSayItWasCut() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let spool = try #require(PostSpool.make(in: folder))
    let item = FeedItem.text(title: "A", id: "a", link: nil, about: .none)
    spool.keep(String(repeating: "x", count: PostText.maximumBytes + 500), for: item)
    let kept = try #require(spool.html(for: "id:a"))
    #expect(kept.utf8.count == PostText.maximumBytes + 1)
    #expect(PostMarkup.post(html: kept).cut)
  }

  /// RSS's `content:encoded` is the post (its description is a teaser), kept whole past the
  /// summary's kilobyte.
  @Test func anRSSItemsContentIsItsPost() throws {
    var entry = XMLEntry()
    entry.summary = ("A teaser", false)
    entry.content = ("<p>" + String(repeating: "word ", count: 2_000) + "</p>", true)
    #expect(entry.postHTML?.utf8.count ?? 0 > 10_000)
    #expect(entry.about.summary?.utf8.count ?? 0 <= 1_000)
  }

  /// JSON Feed's `content_html`, Mastodon's `content` and Atom's `content` reach the spool
  /// the program installed, under each item's key.
  @Test func everyFormatsPostReachesTheInstalledSpool() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let spool = try #require(PostSpool.install(in: folder))
    defer { PostSpool.uninstall() }
    let json = #"""
      {"version": "https://jsonfeed.org/version/1.1", "title": "J",
       "items": [{"id": "spool-j1", "title": "J1", "content_html": "<p>json post</p>"}]}
      """#
    _ = try FeedDocument.decode(Array(json.utf8), origin: "j.json")
    #expect(spool.html(for: "id:spool-j1") == "<p>json post</p>")
    let mastodon = #"""
      [{"id": "spool-m1", "url": "https://m.example/@a/1", "created_at": "2024-05-01T10:00:00Z",
        "content": "<p>toot</p>", "account": {"acct": "a", "display_name": "A"},
        "media_attachments": [], "sensitive": false, "spoiler_text": ""}]
      """#
    _ = try FeedDocument.decode(Array(mastodon.utf8), origin: "m.json")
    #expect(spool.html(for: "id:spool-m1") == "<p>toot</p>")
    let atom = #"""
      <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>spool-a1</id>
      <title>A1</title><summary>short</summary><content type="html">&lt;p&gt;atom post&lt;/p&gt;</content></entry></feed>
      """#
    _ = try FeedDocument.decode(Array(atom.utf8), origin: "a.xml")
    #expect(spool.html(for: "id:spool-a1") == "<p>atom post</p>")
  }
}
