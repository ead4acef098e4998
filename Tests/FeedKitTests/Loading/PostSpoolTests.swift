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
}
