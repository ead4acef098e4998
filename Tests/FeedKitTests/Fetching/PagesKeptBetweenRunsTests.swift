import FeedModel
import Locking
import TestSupport
import Testing

@testable import FeedKit

/// A store in memory, as the browser's disk cache stores: bytes by key.
final class DictionaryPageStore: PageStore {
  let entries = Locked<[String: [UInt8]]>([:])

  func bytes(for key: String, atMost maxBytes: Int) -> [UInt8]? {
    entries.withLock { $0[key] }.flatMap { $0.count <= maxBytes ? $0 : nil }
  }
  func store(_ bytes: [UInt8], for key: String) { entries.withLock { $0[key] = bytes } }
  func remove(_ key: String) { entries.withLock { $0[key] = nil } }
}

/// The next run asks each server only whether its page changed, from the copy an earlier run
/// kept (`StoredPage`), and a `304` gives that copy's items; what holds a secret, has no
/// validator or no longer decodes is never served from it. Against the loopback server,
/// which counts what it was asked.
@Suite struct PagesKeptBetweenRunsTests {
  /// A page of `names`, their pictures relative to the page.
  static func body(_ names: [String]) -> [UInt8] {
    let items = names.map { #"{"id": "\#($0)", "img": "pics/\#($0).jpg", "w": 1, "h": 1}"# }
    return Array(#"{"data": [\#(items.joined(separator: ", "))]}"#.utf8)
  }

  /// A server of `/feed.json` whose page is `version`'s, tagged with it.
  static func serve(_ server: TestHTTPServer, path: String = "/feed.json", version: Locked<Int>) {
    server.route(path) { request in
      let now = version.withLock { $0 }
      if request.headers["if-none-match"] == #""v\#(now)""# {
        return .respond(status: 304, headers: [:], body: [])
      }
      return .respond(
        status: 200, headers: ["Content-Type": "application/json", "ETag": #""v\#(now)""#],
        body: Self.body(now == 1 ? ["a", "b"] : ["c", "a", "b"]))
    }
  }

  /// One run: a session of its own memory over `store`, refreshed `times` times.
  static func run(_ url: String, store: DictionaryPageStore, times: Int = 1) async -> [FeedItem]? {
    var options = LoadOptions()
    options.memory = FeedMemory(now: { 1000 }, disk: store)
    let session = FeedSession(source: .url(url), options: options)
    var last: [FeedItem]?
    for _ in 0..<times {
      guard case .replaced(let items, _, _) = await session.refresh() else { return nil }
      last = items
    }
    return last
  }

  @Test func theNextRunAsksOnlyWhetherThePageChanged() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let version = Locked(1)
    Self.serve(server, version: version)
    let store = DictionaryPageStore()
    let url = server.url("/feed.json")
    let first = try #require(await Self.run(url, store: store))
    // A run of its own: nothing but the store carries over.
    let second = try #require(await Self.run(url, store: store, times: 2))
    #expect(first.map(\.identity) == ["a", "b"] && second == first)
    #expect(second.first?.imageURL == server.url("/pics/a.jpg"))
    #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, #""v1""#, #""v1""#])
    // What is on disk never names the page: the store's key does, which the disk cache
    // hashes (`PictureDiskCache`).
    #expect(store.entries.withLock { Array($0.keys) } == [StoredPage.key(url)])
    // A page changed since is read whole, and its copy replaced for the run after.
    version.withLock { $0 = 2 }
    #expect(await Self.run(url, store: store)?.map(\.identity) == ["c", "a", "b"])
    #expect(await Self.run(url, store: store)?.map(\.identity) == ["c", "a", "b"])
    #expect(server.requests.suffix(2).map { $0.headers["if-none-match"] } == [#""v1""#, #""v2""#])
    #expect(server.requests.suffix(2).map(\.path) == ["/feed.json", "/feed.json"])
  }

  @Test func aPageWhoseAddressHoldsASecretIsKeptForThisRunOnly() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.serve(server, path: "/feed.json?token=hunter2", version: Locked(1))
    let store = DictionaryPageStore()
    let url = server.url("/feed.json?token=hunter2")
    #expect(await Self.run(url, store: store, times: 2)?.count == 2)
    #expect(await Self.run(url, store: store)?.count == 2)
    #expect(store.entries.withLock { $0.isEmpty })
    // In one run the memory asks conditionally; the next run starts from nothing.
    #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, #""v1""#, nil])
  }

  @Test func aPageWithoutValidatorsIsNotKeptAndForgetsItsCopy() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let tagged = Locked(true)
    server.route("/feed.json") { _ in
      .respond(
        status: 200,
        headers: ["Content-Type": "application/json"].merging(
          tagged.withLock { $0 } ? ["ETag": #""v1""#] : [:]
        ) { a, _ in a },
        body: Self.body(["a"]))
    }
    let store = DictionaryPageStore()
    let url = server.url("/feed.json")
    _ = await Self.run(url, store: store)
    #expect(store.entries.withLock { $0.count } == 1)
    tagged.withLock { $0 = false }
    // The server ignores the validators sent and answers whole, untagged: the copy goes.
    #expect(await Self.run(url, store: store)?.count == 1)
    #expect(store.entries.withLock { $0.isEmpty })
  }

  @Test func aCopyThatNoLongerDecodesIsAskedForWholeAgain() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.serve(server, version: Locked(1))
    let store = DictionaryPageStore()
    let url = server.url("/feed.json")
    let damaged = StoredPage(
      url: url, nextLink: nil, validators: PageValidators(entityTag: #""v1""#), charset: nil,
      body: Array("this was a feed once".utf8))
    store.store(try #require(damaged.encoded()), for: StoredPage.key(url))
    #expect(await Self.run(url, store: store)?.map(\.identity) == ["a", "b"])
    #expect(server.requests.map { $0.headers["if-none-match"] } == [#""v1""#, nil])
    let kept = try #require(store.bytes(for: StoredPage.key(url), atMost: .max))
    #expect(StoredPage(decoding: kept)?.body == Self.body(["a", "b"]))
  }

  @Test func aPageLargerThanACopyIsReadWholeEachRun() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let names = (0..<20_000).map { "item-\($0)" }
    let body = Self.body(names)
    #expect(body.count > StoredPage.largestBody)
    server.route(
      "/big.json",
      reply: .respond(
        status: 200, headers: ["Content-Type": "application/json", "ETag": #""big""#],
        body: body))
    let store = DictionaryPageStore()
    #expect(await Self.run(server.url("/big.json"), store: store)?.count == names.count)
    #expect(store.entries.withLock { $0.isEmpty })
  }

  @Test func aCopyTakesWhatPassesThroughUpToItsLimit() throws {
    let bytes = (0..<1000).map { UInt8($0 & 0xFF) }
    for (limit, kept) in [(1000, true), (999, false)] {
      let input = CopyingInput(BytesInput(bytes), limit: limit)
      var buffer = [UInt8](repeating: 0, count: 300)
      var read: [UInt8] = []
      while true {
        let got = try buffer.withUnsafeMutableBytes { raw in
          try input.read(into: raw.baseAddress!, count: raw.count)
        }
        if got == 0 { break }
        read += buffer.prefix(got)
      }
      #expect(read == bytes)
      #expect((input.copy == bytes) == kept && (input.copy == nil) == !kept)
    }
  }

  /// Offline, or with a server down, a feed of several shows its items as the last run kept
  /// them, its error said beside them; a feed never kept has none to show.
  @Test func aFeedOfSeveralThatCannotBeReadShowsItsLastItems() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let up = Locked(true)
    server.route("/kept.json") { _ in
      guard up.withLock({ $0 }) else { return .status(503) }
      return .respond(
        status: 200, headers: ["Content-Type": "application/json", "ETag": #""k""#],
        body: Self.body(["a", "b"]))
    }
    server.route("/untagged.json") { _ in
      guard up.withLock({ $0 }) else { return .status(503) }
      return .respond(
        status: 200, headers: ["Content-Type": "application/json"], body: Self.body(["c"]))
    }
    let store = DictionaryPageStore()
    let source = FeedSource.several([
      .url(server.url("/kept.json")), .url(server.url("/untagged.json")),
    ])
    func run() async throws -> FeedDocument {
      var options = LoadOptions()
      options.memory = FeedMemory(now: { 1000 }, disk: store)
      options.keepsAllFailures = true
      return try await FeedLoader(options: options).load(source)
    }
    let pictures = { (document: FeedDocument) in
      document.items.map { $0.imageURL.split(separator: "/").last ?? "" }
    }
    #expect(pictures(try await run()) == ["a.jpg", "b.jpg", "c.jpg"])
    up.withLock { $0 = false }
    let offline = try await run()
    #expect(pictures(offline) == ["a.jpg", "b.jpg"])
    #expect(offline.items.first?.imageURL == server.url("/pics/a.jpg"))
    let feeds = offline.skipped.feeds
    #expect(feeds.count == 2)
    #expect(feeds.first?.items.count == 2 && feeds.first?.error?.contains("503") == true)
    #expect(feeds.last?.items.isEmpty == true && feeds.last?.error?.contains("503") == true)
  }

  /// Offline, or with its server down, a feed opens as the last run kept it, the error said
  /// beside it; once read on this run, a refresh that fails keeps what is shown, as ever;
  /// a feed never kept cannot be opened.
  @Test func aFeedThatCannotBeReadOpensAsLastKept() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let up = Locked(true)
    server.route("/feed.json") { _ in
      guard up.withLock({ $0 }) else { return .status(503) }
      return .respond(
        status: 200, headers: ["Content-Type": "application/json", "ETag": #""v""#],
        body: Self.body(["a", "b"]))
    }
    let url = server.url("/feed.json")
    let store = DictionaryPageStore()
    _ = await Self.run(url, store: store)
    up.withLock { $0 = false }
    var options = LoadOptions()
    options.memory = FeedMemory(now: { 1000 }, disk: store)
    let session = FeedSession(source: .url(url), options: options)
    guard case .replaced(let items, let skipped, _) = await session.refresh() else {
      Issue.record("the copy was not shown")
      return
    }
    #expect(items.map(\.identity) == ["a", "b"])
    #expect(items.first?.imageURL == server.url("/pics/a.jpg"))
    let said = skipped.failedFeeds.joined()
    #expect(said.contains("503") && said.contains("shown as last read"), "\(said)")
    guard case .failed = await session.refresh() else {
      Issue.record("a refresh that fails showed the copy again")
      return
    }
    #expect(await Self.run(url, store: DictionaryPageStore()) == nil)
  }
}
