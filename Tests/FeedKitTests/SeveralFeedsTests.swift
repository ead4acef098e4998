import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedKit

/// Several FEEDs read as one (`cascade a.json b.xml *.jpg`): every feed's items in the order
/// given, each naming its feed, pictures as feeds of one, and one feed's failure said while
/// the others are kept.
@Suite struct SeveralFeedsTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("PicturesTests/Fixtures")

  /// A folder with a titled feed (`a.json`, relative pictures), an untitled one (`b.json`) and
  /// two pictures.
  static func folderOfFeeds() throws -> String {
    let folder = try temporaryFolder()
    try #"{"title": "Feed A", "items": [{"id": "1", "url": "pics/one.jpg", "w": 10, "h": 20}]}"#
      .write(toFile: folder + "/a.json", atomically: true, encoding: .utf8)
    try #"{"items": [{"id": "1", "url": "/abs/two.jpg", "w": 30, "h": 40}]}"#
      .write(toFile: folder + "/b.json", atomically: true, encoding: .utf8)
    for (fixture, name) in [("gif-basic.gif", "c.gif"), ("jpeg-orientation-1.jpg", "d.jpg")] {
      try FileManager.default.copyItem(
        atPath: fixtures.appendingPathComponent(fixture).path, toPath: folder + "/" + name)
    }
    return folder
  }

  @Test func itemsComeInTheOrderGivenEachNamingItsFeed() async throws {
    let folder = try Self.folderOfFeeds()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = try #require(
      FeedSource.combining(["c.gif", "a.json", "b.json", "d.jpg"].map { .file(folder + "/" + $0) }))
    let document = try await FeedLoader().load(source)
    #expect(
      document.items.map(\.feed) == [nil, "Feed A", folder + "/b.json", nil])
    #expect(
      document.items.map(\.imageURL) == [
        folder + "/c.gif", folder + "/pics/one.jpg", "/abs/two.jpg", folder + "/d.jpg",
      ])
    // Two feeds' items of the same id are two items.
    #expect(document.items[1].identity != document.items[2].identity)
    // A picture is its own feed: its path is its image URL, its file name its title.
    #expect(document.items[0].title == "c.gif")
    #expect(document.items[0].hasSize)
    #expect(document.skipped.count == 0 && document.skipped.failedFeeds.isEmpty)
    // What each feed gave, in the order given, for what is kept between visits.
    let outcomes = document.skipped.feeds
    #expect(
      outcomes.map(\.name) == [folder + "/c.gif", "Feed A", folder + "/b.json", folder + "/d.jpg"])
    #expect(outcomes.map(\.items.count) == [1, 1, 1, 1] && outcomes.allSatisfy { $0.error == nil })
    #expect(outcomes[1].items == [StableHash.of(item: document.items[1])])
  }

  @Test func newestFirstSortsByDateUndatedLastAndKeepsOrderAmongEquals() {
    func item(_ id: String, _ date: String?) -> FeedItem {
      FeedItem(
        imageURL: "https://example.com/\(id).jpg", width: 1, height: 1, id: id,
        about: ItemAbout(date: date))
    }
    let items = [
      item("a", "2024-05-01 14:03"), item("b", nil), item("c", "2025-01-01 00:00"),
      item("d", "last Tuesday"), item("e", "2024-05-01 14:03"), item("f", "2026-02-03 04:05"),
    ]
    #expect(FeedLoader.newestFirst(items).map(\.id) == ["f", "c", "a", "e", "b", "d"])
  }

  @Test func feedsNoneOfWhichCanBeReadAreAnEmptyDocumentWhenAsked() async throws {
    let parts = FeedSource.several([.file("/nonexistent/a.json"), .file("/nonexistent/b.json")])
    await #expect(throws: FeedError.self) { try await FeedLoader().load(parts) }
    var options = LoadOptions()
    options.keepsAllFailures = true
    let document = try await FeedLoader(options: options).load(parts)
    #expect(document.items.isEmpty)
    #expect(document.skipped.feeds.map(\.source) == ["/nonexistent/a.json", "/nonexistent/b.json"])
    #expect(document.skipped.feeds.allSatisfy { $0.error != nil })
  }

  @Test func aNameGivenToAFeedIsWhatItsItemsSayAndNewestComeFirst() async throws {
    let folder = try Self.folderOfFeeds()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let a = FeedSource.file(folder + "/a.json")
    var options = LoadOptions()
    options.feedNames = [a: "My A"]
    options.newestFirst = true
    let document = try await FeedLoader(options: options).load(
      .several([.file(folder + "/missing.json"), a]))
    #expect(document.items.map(\.feed) == ["My A"])
    #expect(document.skipped.feeds.map(\.name) == [folder + "/missing.json", "My A"])
    #expect(document.skipped.feeds[0].error?.contains("missing.json") == true)
    #expect(document.skipped.feeds[0].items.isEmpty)
  }

  @Test func aFeedThatCannotBeReadIsNamedAndTheOthersKept() async throws {
    let folder = try Self.folderOfFeeds()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("not a feed".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
    let source = FeedSource.several(
      ["a.json", "missing.json", "bad.json", "c.gif"].map { .file(folder + "/" + $0) })
    let document = try await FeedLoader().load(source)
    #expect(document.items.count == 2)
    #expect(document.skipped.failedFeeds.count == 2)
    #expect(document.skipped.failedFeeds[0].hasPrefix(folder + "/missing.json: cannot read"))
    #expect(document.skipped.failedFeeds[1].hasPrefix(folder + "/bad.json"))
    #expect(document.skipped.message?.hasPrefix("2 feeds could not be read (first: ") == true)
  }

  @Test func whenNoFeedCanBeReadTheLoadFailsWithTheFirstError() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let several = FeedSource.several([.file(folder + "/x"), .file(folder + "/y")])
    let error = await loadError { () async throws(FeedError) in
      _ = try await FeedLoader().load(several)
    }
    guard case .unreadable(let source, _)? = error else {
      Issue.record("expected unreadable, got \(String(describing: error))")
      return
    }
    #expect(source == folder + "/x")
  }

  /// A web feed of several may not make Cascade read a local file: its `file:` picture is
  /// skipped with the reason, not left as a path the whole would read.
  @Test func aWebFeedsLocalPictureIsSkippedNotRead() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/feed.json",
      reply: .json(
        #"{"items": [{"url": "file:///etc/passwd", "w": 1, "h": 1}, "#
          + #"{"url": "pic.jpg", "w": 1, "h": 1}]}"#))
    let folder = try Self.folderOfFeeds()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let feed = server.url("/feed.json")
    let source = FeedSource.several([.url(feed), .file(folder + "/c.gif")])
    let document = try await FeedLoader().load(source)
    #expect(document.items.map(\.imageURL) == [server.url("/pic.jpg"), folder + "/c.gif"])
    #expect(document.skipped.count == 1)
    #expect(throws: FeedError.self) { try source.pictureLocation(of: "file:///etc/passwd") }
    #expect(throws: FeedError.self) { try source.pictureLocation(of: "relative.jpg") }
    #expect(try source.pictureLocation(of: "/abs.jpg") == .file("/abs.jpg"))
  }

  /// `--header` goes to each feed's own server, with neither's header sent to the other.
  @Test func eachFeedGetsTheHeaderForItsOwnServer() async throws {
    let one = try TestHTTPServer()
    defer { one.stop() }
    let two = try TestHTTPServer()
    defer { two.stop() }
    let feed = #"{"items": [{"url": "p.jpg", "w": 1, "h": 1}]}"#
    for server in [one, two] {
      server.route("/f.json") { request in
        request.headers["x-key"] == "k" ? .json(feed) : .json("{}", status: 401)
      }
    }
    var options = LoadOptions()
    options.headers = ["X-Key: k"]
    let document = try await FeedLoader(options: options).load(
      .several([.url(one.url("/f.json")), .url(two.url("/f.json"))]))
    #expect(document.items.count == 2)
    #expect(document.skipped.failedFeeds.isEmpty)
  }

  /// Named, a feed's items keep sharing blocks of text, as decoded: a block each cost 200,000
  /// items of two feeds 80 MB where they take 64.
  @Test func aFeedsNamedItemsShareTheirTextBlocks() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try feedJSON(["a", "b", "c"]).write(
      toFile: folder + "/f.json", atomically: true, encoding: .utf8)
    let document = try await FeedLoader().load(
      .several([.file(folder + "/f.json"), .file(folder + "/f.json")]))
    #expect(document.items.count == 6)
    let first = try #require(document.items.first?.texts.block)
    #expect(document.items.prefix(3).allSatisfy { $0.texts.isKept(in: first) })
    #expect(document.items.map(\.id) == ["a", "b", "c", "a", "b", "c"])
  }

  @Test func aPictureGivenAloneIsAFeedOfOneItem() async throws {
    let folder = try Self.folderOfFeeds()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let document = try await FeedLoader().load(.file(folder + "/d.jpg"))
    #expect(document.items.count == 1)
    #expect(document.items.first?.imageURL == folder + "/d.jpg")
    #expect(document.items.first?.feed == nil)
    #expect(document.items.first?.hasSize == true)
  }

  @Test func combiningOneSourceIsThatSourceAndNoneIsNil() {
    #expect(FeedSource.combining([]) == nil)
    #expect(FeedSource.combining([.file("a")]) == .file("a"))
    #expect(
      FeedSource.combining([.several([.file("a"), .file("b")]), .file("c")])
        == .several([.file("a"), .file("b"), .file("c")]))
    #expect(FeedSource.several([.file("a"), .standardInput]).readsStandardInput)
    #expect(!FeedSource.several([.file("a"), .url("https://x/")]).isLocal)
    #expect(FeedSource.several([.file("a"), .file("b")]).displayName == "a and 1 more")
  }

  /// `stream` hands each source's items out in order and ends each source once.
  @Test func streamEndsEverySourceOnceInOrder() async throws {
    let folder = try Self.folderOfFeeds()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sources: [FeedSource] = ["c.gif", "a.json", "nothing", "d.jpg"].map {
      .file(folder + "/" + $0)
    }
    let seen = Locked<[(Int, String)]>([])
    var ends: [(Int, Bool)] = []
    await FeedLoader().stream(sources) { index, items in
      seen.withLock { $0 += items.map { (index, $0.imageURL) } }
    } ended: { index, outcome in
      if case .success = outcome { ends.append((index, true)) } else { ends.append((index, false)) }
    }
    let items = seen.withLock { $0 }
    #expect(items.map(\.0) == [0, 1, 3])
    #expect(items.map(\.1) == [folder + "/c.gif", "pics/one.jpg", folder + "/d.jpg"])
    #expect(ends.map(\.0) == [0, 1, 2, 3])
    #expect(ends.map(\.1) == [true, true, false, true])
  }

  /// Feeds of many servers are read many at once, not six in all: twenty servers of one feed
  /// each, every answer held until sixteen feeds are asked for (or a patience that only a
  /// machine stalled for seconds reaches). Before, at most six were ever asked at once.
  @Test func feedsOfManyServersAreReadSixteenAtOnce() async throws {
    let servers = try (0..<20).map { _ in try TestHTTPServer() }
    defer { for server in servers { server.stop() } }
    let asking = Locked((now: 0, most: 0))
    for (index, server) in servers.enumerated() {
      server.route("/feed.json") { _ in
        asking.withLock {
          $0.now += 1
          $0.most = max($0.most, $0.now)
        }
        let deadline = ContinuousClock.now + .seconds(TimeBounds.scaled(10))
        while asking.withLock({ $0.most }) < 16, ContinuousClock.now < deadline {
          Thread.sleep(forTimeInterval: 0.005)
        }
        asking.withLock { $0.now -= 1 }
        return .json(#"{"items": [{"url": "https://x.example/\#(index).jpg", "w": 1, "h": 1}]}"#)
      }
    }
    let source = try #require(
      FeedSource.combining(servers.map { .url($0.url("/feed.json")) }))
    let document = try await FeedLoader().load(source)
    #expect(document.items.count == 20)
    #expect(asking.withLock { $0.most } == 16)
  }

  /// A feed that outlasts the load's patience is shown when it comes: the load returns with
  /// it marked still loading, and `readLate()` waits for that same read (its server is not
  /// asked twice) and adds its items. Its server is held until the load has returned, so
  /// the patience always runs out first, however loaded the machine.
  @Test func aFeedThatOutlastsThePatienceIsAddedWhenItComes() async throws {
    let fast = try TestHTTPServer()
    let slow = try TestHTTPServer()
    defer {
      fast.stop()
      slow.stop()
    }
    fast.route(
      "/f.json", reply: .json(#"{"items": [{"url": "https://x.example/f.jpg", "w": 1, "h": 1}]}"#))
    let gate = Gate()
    defer { gate.open() }
    slow.route("/s.json") { _ in
      gate.wait()
      return .json(#"{"items": [{"url": "https://x.example/s.jpg", "w": 1, "h": 1}]}"#)
    }
    var options = LoadOptions()
    options.memory = FeedMemory(now: { 1000 })
    options.patience = 0.2
    let late = FeedSource.url(slow.url("/s.json"))
    let session = FeedSession(
      source: .several([.url(fast.url("/f.json")), late]), options: options)
    guard case .replaced(let first, let skipped, _) = await session.refresh() else {
      Issue.record("the load did not return without the late feed")
      return
    }
    #expect(!first.contains { $0.imageURL.hasSuffix("s.jpg") })
    let outcome = skipped.feeds.last
    #expect(outcome?.isLoading == true && outcome?.wasRead == false)
    #expect(outcome?.error?.contains("still loading") == true, "\(String(describing: outcome))")
    gate.open()
    guard case .replaced(let all, let after, _) = await session.readLate() else {
      Issue.record("the late feed's items were not added")
      return
    }
    #expect(
      all.map { $0.imageURL.split(separator: "/").last ?? "" }.sorted() == ["f.jpg", "s.jpg"])
    #expect(after.feeds.allSatisfy { !$0.isLoading })
    #expect(slow.requests.count == 1, "the late feed was asked again")
    // Nothing is late any more.
    guard case .superseded = await session.readLate() else {
      Issue.record("a second readLate read something")
      return
    }
  }

  /// Ten feeds of one server: it is never asked for more than six at once, as it is never
  /// asked for more than six pictures at once. Each answer waits until six are waiting (or
  /// two seconds pass), so ten asked at once would be seen at once.
  @Test func aServerIsAskedForAtMostSixFeedsAtOnce() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let arrived = Locked(0)
    for index in 0..<10 {
      server.route("/\(index).json") { _ in
        arrived.withLock { $0 += 1 }
        let deadline = ContinuousClock.now + .seconds(2)
        while arrived.withLock({ $0 }) < 6, ContinuousClock.now < deadline {
          Thread.sleep(forTimeInterval: 0.005)
        }
        return .json(#"{"items": [{"url": "https://x.example/\#(index).jpg", "w": 1, "h": 1}]}"#)
      }
    }
    let source = try #require(
      FeedSource.combining((0..<10).map { .url(server.url("/\($0).json")) }))
    let document = try await FeedLoader().load(source)
    #expect(document.items.count == 10)
    #expect(server.mostOpen <= 6, "\(server.mostOpen) at once")
  }
}
