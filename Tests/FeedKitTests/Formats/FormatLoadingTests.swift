import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// Every format through a file and through loopback HTTP, and each paging style.
@Suite struct FormatLoadingTests {
  private static func temporaryFile(_ text: String, name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// Removes the folder `temporaryFile` made for `path`, the file with it: removing the file
  /// alone left a folder behind each run.
  private static func discard(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  @Test(arguments: WildDocuments.all.map(\.0))
  func fileAndHTTPGiveTheSameItems(format: FeedFormat) async throws {
    let text = try #require(WildDocuments.all.first { $0.0 == format }?.1)
    let path = try Self.temporaryFile(text, name: "feed")
    defer { Self.discard(path) }
    let fromFile = try await FeedLoader().load(.file(path))
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/feed",
      reply: .respond(status: 200, headers: ["Content-Type": "text/plain"], body: Array(text.utf8)))
    let fromHTTP = try await FeedLoader().load(.url(server.url("/feed")))
    #expect(!fromFile.items.isEmpty)
    // Over HTTP, relative addresses are made absolute against the page.
    let page = try #require(PageAddress(server.url("/feed")))
    #expect(page.resolving(fromFile.items).map(\.identity) == fromHTTP.items.map(\.identity))
    #expect(fromFile.items.map(\.width) == fromHTTP.items.map(\.width))
  }

  @Test func formatOptionOverridesDetection() async throws {
    var options = LoadOptions()
    options.format = .urlList
    let path = try Self.temporaryFile("https://a.example/x\n", name: "list")
    defer { Self.discard(path) }
    let document = try await FeedLoader(options: options).load(.file(path))
    #expect(document.items.map(\.imageURL) == ["https://a.example/x"])
    // Without the option, a line without a picture's ending is still a URL.
    let detected = try await FeedLoader().load(.file(path))
    #expect(detected.items.count == 1)
  }

  /// Pages 1 and 2 of a session over `server`, with page 1 at `first`.
  private func twoPages(_ server: TestHTTPServer, first: String) async throws -> [String] {
    let session = FeedSession(source: .url(server.url(first)))
    guard case .replaced(let one, _, true) = await session.refresh() else {
      Issue.record("page 1 did not load, or said it was the last")
      return []
    }
    guard case .appended(let two, _, _) = await session.loadMore() else {
      Issue.record("page 2 did not load")
      return []
    }
    return (one + two).map(\.identity)
  }

  private static func reply(_ text: String, headers: [String: String] = [:])
    -> TestHTTPServer.Reply
  {
    .respond(status: 200, headers: headers, body: Array(text.utf8))
  }

  @Test func jsonFeedPagesFollowNextURL() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let page = { (id: String, next: String?) in
      #"{"version": "https://jsonfeed.org/version/1.1", "title": "t", "#
        + (next.map { #""next_url": "\#($0)", "# } ?? "")
        + #""items": [{"id": "\#(id)", "image": "https://x.example/\#(id).jpg"}]}"#
    }
    server.route("/feed.json", reply: Self.reply(page("a", "/feed.json?page=2")))
    server.route("/feed.json?page=2", reply: Self.reply(page("b", nil)))
    let pages = try await twoPages(server, first: "/feed.json")
    #expect(pages == ["a", "b"])
  }

  @Test func atomAndRSSPagesFollowRelNext() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let atom = WildDocuments.atom.replacingOccurrences(
      of: "https://diary.example.com/atom.xml?page=2", with: server.url("/page2.xml"))
    server.route("/atom.xml", reply: Self.reply(atom))
    server.route(
      "/page2.xml",
      reply: Self.reply(
        WildDocuments.rss.replacingOccurrences(
          of: #"<atom:link href="https://photos.example.net/rss?page=2" rel="next"/>"#, with: "")))
    let identities = try await twoPages(server, first: "/atom.xml")
    // The RSS page's last item, a podcast episode with no picture, is a text item.
    #expect(identities.count == 6)
    #expect(identities.first == "tag:diary.example.com,2024:1")
    #expect(identities.last == "ep-4")
  }

  @Test func mastodonPagesFollowTheLinkHeader() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let next = server.url("/api/v1/timelines/public?max_id=112233")
    let prev = server.url("/api/v1/timelines/public?min_id=112240")
    server.route(
      "/api/v1/timelines/public",
      reply: Self.reply(
        WildDocuments.mastodon,
        headers: ["Link": "<\(next)>; rel=\"next\", <\(prev)>; rel=\"prev\""]))
    server.route(
      "/api/v1/timelines/public?max_id=112233",
      reply: Self.reply(WildDocuments.mastodon.replacingOccurrences(of: "\"555\"", with: "\"777\""))
    )
    let pages = try await twoPages(server, first: "/api/v1/timelines/public")
    // The video's still (556) and the status without media (112234, a text item) are on both
    // pages: the second page's copies are duplicates.
    #expect(pages == ["555", "556", "112234", "777"])
  }

  @Test func redditPagesFollowAfter() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/r/pics.json?limit=3", reply: Self.reply(WildDocuments.reddit))
    let second = WildDocuments.reddit.replacingOccurrences(of: "aaa111", with: "ddd444")
      .replacingOccurrences(of: "t3_ccc333", with: "t3_eee555")
      .replacingOccurrences(of: #""after": "t3_1b2c3d""#, with: #""after": null"#)
    server.route("/r/pics.json?limit=3&after=t3_1b2c3d", reply: Self.reply(second))
    let identities = try await twoPages(server, first: "/r/pics.json?limit=3")
    #expect(identities.suffix(3) == ["t3_ddd444", "t3_eee555#1", "t3_eee555#2"])
  }

  @Test func giphyPagesByOffset() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/v1/gifs/trending?limit=3", reply: Self.reply(WildDocuments.giphy))
    let second = WildDocuments.giphy.replacingOccurrences(of: "3o7TKSjRrfIPjeiVyM", with: "SECOND")
      .replacingOccurrences(of: "l0HlBO7eyXzSZkJri", with: "THIRD")
      .replacingOccurrences(of: #""offset": 0"#, with: #""offset": 3"#)
    server.route("/v1/gifs/trending?limit=3&offset=3", reply: Self.reply(second))
    let pages = try await twoPages(server, first: "/v1/gifs/trending?limit=3")
    #expect(pages == ["3o7TKSjRrfIPjeiVyM", "l0HlBO7eyXzSZkJri", "SECOND", "THIRD"])
  }

  @Test func tenorPagesByPos() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/v2/featured?key=k", reply: Self.reply(WildDocuments.tenor))
    let token = "CAgQrISRwYfbzQIaHgoKAD-_xXdPYjm_5xIQK3w1K5Qn6Fq1a3lJMzSeqzAO"
    let second = WildDocuments.tenor.replacingOccurrences(of: "16596290870466262486", with: "9")
      .replacingOccurrences(of: #""id": "2""#, with: #""id": "10""#)
      .replacingOccurrences(of: "x/wave.gif", with: "x/wave2.gif")
      .replacingOccurrences(of: token, with: "")
    server.route("/v2/featured?key=k&pos=\(token)", reply: Self.reply(second))
    let pages = try await twoPages(server, first: "/v2/featured?key=k")
    #expect(pages == ["16596290870466262486", "2", "9", "10"])
  }

  @Test func blueskyPagesByCursor() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let first = "/xrpc/app.bsky.feed.getAuthorFeed?actor=kim"
    server.route(first, reply: Self.reply(WildDocuments.bluesky))
    let second = WildDocuments.bluesky.replacingOccurrences(of: "3kq", with: "4kq")
      .replacingOccurrences(of: "/bafk", with: "/next-bafk")
      .replacingOccurrences(of: "/bafv/", with: "/next-bafv/")
      .replacingOccurrences(of: #""cursor": "2024-12-01T07:59:59.000Z""#, with: #""x": 1"#)
    server.route(first + "&cursor=2024-12-01T07:59:59.000Z", reply: Self.reply(second))
    let pages = try await twoPages(server, first: first)
    // Each page ends with a post without pictures, a text item.
    #expect(pages.count == 12)
    #expect(pages.last == "at://did:plc:abc/app.bsky.feed.post/4kq4")
  }

  @Test func pexelsPagesFollowNextPage() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let first = WildDocuments.pexels.replacingOccurrences(
      of: "https://api.pexels.com/v1/curated/?page=2&per_page=2",
      with: server.url("/curated?page=2"))
    let second = WildDocuments.pexels.replacingOccurrences(of: "20144", with: "30144")
      .replacingOccurrences(
        of: "\"next_page\": \"https://api.pexels.com/v1/curated/?page=2&per_page=2\",", with: "")
    server.route("/curated", reply: Self.reply(first))
    server.route("/curated?page=2", reply: Self.reply(second))
    let pages = try await twoPages(server, first: "/curated")
    #expect(pages == ["2014422", "2014423", "3014422", "3014423"])
  }

  @Test func pixabayPagesByTemplate() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/api?page=1", reply: Self.reply(WildDocuments.pixabay))
    server.route(
      "/api?page=2",
      reply: Self.reply(WildDocuments.pixabay.replacingOccurrences(of: "195893", with: "295893")))
    server.route("/api?page=3", reply: Self.reply(#"{"total": 2, "totalHits": 2, "hits": []}"#))
    let session = FeedSession(source: try FeedSource(argument: server.url("/api?page={page}")))
    _ = await session.refresh()
    _ = await session.loadMore()
    guard case .endOfFeed = await session.loadMore() else {
      Issue.record("page 3, empty, did not end the feed")
      return
    }
    #expect(await session.loadedIdentities == ["195893", "295893"])
  }
}
