import FeedModel
import Locking
import TestSupport
import Testing
import Transport

@testable import FeedKit

/// A refresh kind to servers: an unchanged page costs a `304` and keeps its items, a server
/// that asked to wait is not asked before its time, and a refresh of one followed feed asks
/// no other server. Against the loopback server, which counts what it was asked.
@Suite struct ConditionalRefreshTests {
  private static func page(_ names: [String]) -> String {
    let items = names.map {
      #"{"id": "\#($0)", "img": "https://x.example/\#($0).jpg", "w": 1, "h": 1}"#
    }
    return #"{"data": [\#(items.joined(separator: ", "))]}"#
  }

  /// A memory whose clock reads `clock`.
  private static func memory(_ clock: Locked<Int64>) -> FeedMemory {
    FeedMemory(now: { clock.withLock { $0 } })
  }

  private static func identities(_ update: FeedUpdate) -> [String]? {
    guard case .replaced(let items, _, _) = update else { return nil }
    return items.map(\.identity)
  }

  @Test func unchangedFeedCostsA304AndKeepsItsItems() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = Array(Self.page(["a", "b"]).utf8)
    server.route("/feed.json") { request in
      guard request.headers["if-none-match"] == #""v1""# else {
        return .respond(
          status: 200,
          headers: [
            "Content-Type": "application/json", "ETag": #""v1""#,
            "Last-Modified": "Sun, 06 Dec 2026 10:00:00 GMT",
          ], body: body)
      }
      return .respond(status: 304, headers: ["ETag": #""v1""#], body: [])
    }
    var options = LoadOptions()
    options.memory = Self.memory(Locked(1000))
    let session = FeedSession(source: .url(server.url("/feed.json")), options: options)
    let first = try #require(Self.identities(await session.refresh()))
    let second = try #require(Self.identities(await session.refresh()))
    #expect(first.count == 2 && second == first)
    let asked = server.requests.filter { $0.path == "/feed.json" }
    #expect(asked.count == 2)
    #expect(asked.first?.headers["if-none-match"] == nil)
    #expect(asked.last?.headers["if-none-match"] == #""v1""#)
    #expect(asked.last?.headers["if-modified-since"] == "Sun, 06 Dec 2026 10:00:00 GMT")
    // Without a memory nothing is asked conditionally.
    let forgetful = FeedSession(source: .url(server.url("/feed.json")), options: LoadOptions())
    _ = await forgetful.refresh()
    _ = await forgetful.refresh()
    #expect(server.requests.suffix(2).allSatisfy { $0.headers["if-none-match"] == nil })
  }

  @Test func changedFeedIsReadWholeWithItsNewValidators() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let version = Locked(1)
    server.route("/feed.json") { request in
      let now = version.withLock { $0 }
      guard request.headers["if-none-match"] != #""v\#(now)""# else {
        return .respond(status: 304, headers: [:], body: [])
      }
      let names = now == 1 ? ["a"] : ["b", "a"]
      return .respond(
        status: 200, headers: ["Content-Type": "application/json", "ETag": #""v\#(now)""#],
        body: Array(Self.page(names).utf8))
    }
    var options = LoadOptions()
    options.memory = Self.memory(Locked(1000))
    let session = FeedSession(source: .url(server.url("/feed.json")), options: options)
    #expect(Self.identities(await session.refresh())?.count == 1)
    version.withLock { $0 = 2 }
    #expect(Self.identities(await session.refresh())?.count == 2)
    #expect(Self.identities(await session.refresh())?.count == 2)
    #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, #""v1""#, #""v2""#])
  }

  @Test func onlyTheFirstPageIsKeptForTheNextRefresh() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let second = server.url("/2.json")
    for (path, next) in [("/1.json", second), ("/2.json", "")] {
      let link = next.isEmpty ? "" : #", "next": "\#(next)""#
      let body = #"{"data": [{"img": "https://x.example\#(path).jpg", "w": 1, "h": 1}]\#(link)}"#
      server.route(
        path,
        reply: .respond(
          status: 200, headers: ["Content-Type": "application/json", "ETag": #""e""#],
          body: Array(body.utf8)))
    }
    let memory = Self.memory(Locked(1000))
    var options = LoadOptions()
    options.memory = memory
    let session = FeedSession(source: .url(server.url("/1.json")), options: options)
    _ = await session.refresh()
    _ = await session.loadMore()
    #expect(memory.kept(server.url("/1.json")) != nil)
    #expect(memory.kept(second) == nil)
  }

  @Test func tooManyRequestsIsNotAskedAgainBeforeItsTime() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed.json") { _ in
      .respond(status: 429, headers: ["Retry-After": "120"], body: Array("slow down".utf8))
    }
    let clock = Locked<Int64>(1000)
    var options = LoadOptions()
    options.memory = Self.memory(clock)
    let url = server.url("/feed.json")
    let session = FeedSession(source: .url(url), options: options)
    for _ in 0..<2 {
      guard case .failed(let error) = await session.refresh() else {
        Issue.record("a 429 loaded")
        return
      }
      #expect(error == .retryLater(url: url, status: 429, until: 1120))
      #expect(error.description.contains("not asked again before 1970-01-01 00:18 UTC"))
    }
    #expect(server.requests.count == 1)
    // Of several feeds, the outcome says when.
    options.keepsAllFailures = true
    let several = FeedSession(source: .several([.url(url)]), options: options)
    guard case .replaced(_, let skipped, _) = await several.refresh() else {
      Issue.record("the feeds followed did not open")
      return
    }
    #expect(skipped.feeds.first?.retryAt == 1120)
    #expect(server.requests.count == 1)
    clock.withLock { $0 = 1121 }
    _ = await session.refresh()
    #expect(server.requests.count == 2)
  }

  @Test func refreshOfOneFeedAsksOnlyItsServerAndKeepsTheOthers() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let failing = Locked(false)
    server.route("/a.json") { _ in .json(Self.page(["a1", "a2"])) }
    server.route("/b.json") { _ in
      failing.withLock { $0 } ? .status(503) : .json(Self.page(["b1"]))
    }
    var options = LoadOptions()
    options.memory = Self.memory(Locked(1000))
    let (a, b) = (server.url("/a.json"), server.url("/b.json"))
    let session = FeedSession(source: .several([.url(a), .url(b)]), options: options)
    #expect(Self.identities(await session.refresh())?.count == 3)
    let refreshed = await session.refresh(feed: a)
    #expect(Self.identities(refreshed)?.count == 3)
    // Which was read now, and which kept as it was.
    if case .replaced(_, let skipped, _) = refreshed {
      #expect(skipped.feeds.map(\.wasRead) == [true, false])
    }
    // The first refresh asks both at once, in either order; the second, a alone.
    let paths = server.requests.map(\.path)
    #expect(paths.count == 3 && Set(paths.prefix(2)) == ["/a.json", "/b.json"])
    #expect(paths.last == "/a.json")
    // A feed that cannot be read again keeps its items, its error said beside them.
    failing.withLock { $0 = true }
    guard case .replaced(let items, let skipped, _) = await session.refresh() else {
      Issue.record("the refresh failed as a whole")
      return
    }
    #expect(items.count == 3)
    let outcome = try #require(skipped.feeds.first { $0.name == b })
    #expect(outcome.items.count == 1 && outcome.error?.contains("503") == true)
    #expect(outcome.retryAt == nil)
    #expect(skipped.failedFeeds.count == 1)
  }

  @Test func validatorsAreSentBackAsTheyCame() {
    let response = TransferResponseFixture.with(["ETag": #"W/"abc""#, "Last-Modified": "x"])
    let validators = PageValidators(response)
    #expect(validators?.requestHeaders == [#"If-None-Match: W/"abc""#, "If-Modified-Since: x"])
    // A header line a server could end with one of its own is not sent back.
    #expect(PageValidators(TransferResponseFixture.with(["ETag": "a\r\nX-Evil: 1"])) == nil)
    #expect(PageValidators(TransferResponseFixture.with(["Content-Type": "text/xml"])) == nil)
    let long = String(repeating: "e", count: PageValidators.longest + 1)
    #expect(PageValidators(TransferResponseFixture.with(["ETag": long])) == nil)
  }

  @Test(
    arguments: [
      (429, "120", 1120), (503, "120", 1120), (429, nil, 1060), (503, nil, nil),
      (429, "Thu, 01 Jan 1970 00:20:00 GMT", 1200), (429, "Thu, 01 Jan 1970 00:10:00 GMT", nil),
      (429, "soon", 1060), (500, "120", nil), (429, "99999999999999999", 1000 + 86_400),
      (429, "200000", 1000 + 86_400), (429, " 5 ", 1005),
    ] as [(Int, String?, Int64?)])
  func retryAfterReadsSecondsAndDatesWithinADay(status: Int, value: String?, moment: Int64?) {
    #expect(RetryAfter.moment(status: status, value: value, now: 1000) == moment)
  }
}

/// A server's answer with these headers, for what is read of them alone.
private enum TransferResponseFixture {
  static func with(_ headers: [String: String]) -> TransferResponse {
    TransferResponse(
      status: 200, url: "https://example.com/feed",
      headers: headers.sorted { $0.key < $1.key }.map {
        TransferResponse.Header(name: $0.key, value: $0.value)
      })
  }
}
