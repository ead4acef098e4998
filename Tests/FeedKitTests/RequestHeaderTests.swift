import Locking
import TestSupport
import Testing

@testable import FeedKit

/// `--header`'s lines go with every request to the feed's own site (its pages, its pictures)
/// and with none to another site a `next` link or a picture leads to: a key given for one
/// service is not handed to the next.
@Suite struct RequestHeaderTests {
  private static func page(_ name: String, next: String?) -> String {
    let link = next.map { #", "next": "\#($0)""# } ?? ""
    return #"{"data": [{"img": "https://x.example/\#(name).jpg", "w": 1, "h": 1}]\#(link)}"#
  }

  @Test func headersGoToTheFeedsSiteOnly() async throws {
    let site = try TestHTTPServer()
    let other = try TestHTTPServer()
    defer {
      site.stop()
      other.stop()
    }
    let seen = Locked<[String]>([])
    // The links as strings: a route that held its own server would keep it alive for ever.
    let (second, third) = (site.url("/2.json"), other.url("/3.json"))
    site.route("/1.json") { request in
      seen.withLock { $0.append("1: \(request.headers["x-api-key"] ?? "none")") }
      guard request.headers["x-api-key"] == "secret" else { return .json("{}", status: 401) }
      return .json(Self.page("a", next: second))
    }
    site.route("/2.json") { request in
      seen.withLock { $0.append("2: \(request.headers["x-api-key"] ?? "none")") }
      return .json(Self.page("b", next: third))
    }
    other.route("/3.json") { request in
      seen.withLock { $0.append("3: \(request.headers["x-api-key"] ?? "none")") }
      return .json(Self.page("c", next: nil))
    }
    var options = LoadOptions()
    options.headers = ["X-Api-Key: secret"]
    options.headersFeed = site.url("/1.json")
    let session = FeedSession(source: .url(site.url("/1.json")), options: options)
    guard case .replaced = await session.refresh() else {
      Issue.record("page 1 did not load with its key")
      return
    }
    _ = await session.loadMore()
    _ = await session.loadMore()
    #expect(seen.withLock { $0 } == ["1: secret", "2: secret", "3: none"])
    #expect(await session.loadedIdentities.count == 3)
    // The same pages without a feed to give the key for send it nowhere.
    options.headersFeed = nil
    let keyless = FeedSession(source: .url(site.url("/1.json")), options: options)
    guard case .failed(let error) = await keyless.refresh() else {
      Issue.record("page 1 loaded without its key")
      return
    }
    #expect("\(error)".contains("401"))
    #expect(options.originHeaders(for: site.url("/pictures/a.jpg")).isEmpty)
    options.headersFeed = site.url("/1.json")
    #expect(options.originHeaders(for: site.url("/pictures/a.jpg")) == ["X-Api-Key: secret"])
    #expect(options.originHeaders(for: other.url("/pictures/a.jpg")).isEmpty)
    // A paged template is the same site as its pages.
    options.headersFeed = site.url("/gallery/{page}.json")
    #expect(options.originHeaders(for: site.url("/gallery/2.json")) == ["X-Api-Key: secret"])
  }

  /// Several FEEDs given a header: each one's site gets it, pictures included; no other does.
  @Test func severalFeedsEachGiveTheirSiteTheHeaders() {
    var options = LoadOptions()
    options.headers = ["X-Key: k"]
    options.headersFeeds = ["https://a.example/feed.json", "feed.json", "http://b.example:8080/f"]
    #expect(options.originHeaders(for: "https://a.example/p/1.jpg") == ["X-Key: k"])
    #expect(options.originHeaders(for: "http://b.example:8080/p/2.jpg") == ["X-Key: k"])
    #expect(options.originHeaders(for: "http://b.example/p/2.jpg").isEmpty)
    #expect(options.originHeaders(for: "https://c.example/p/3.jpg").isEmpty)
  }
}
