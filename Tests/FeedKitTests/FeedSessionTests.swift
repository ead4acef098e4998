import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedKit

/// The identities in an update, or nil for updates without items.
private func ids(_ update: FeedUpdate) -> [String]? {
  switch update {
  case .replaced(let items, _, _), .appended(let items, _, _): items.map(\.identity)
  default: nil
  }
}

private func isEnd(_ update: FeedUpdate) -> Bool {
  if case .endOfFeed = update { return true }
  return false
}

/// Loads more until a page adds nothing; the reason the chain ended, or nil (recorded) when
/// it went on or ended otherwise.
private func reasonTheChainEnded(_ session: FeedSession) async -> String? {
  var last = FeedUpdate.superseded
  for _ in 0..<50 {
    last = await session.loadMore()
    guard case .appended = last else { break }
  }
  guard case .ended(let reason) = last else {
    Issue.record("the chain went on or ended otherwise: \(last)")
    return nil
  }
  return reason
}

private func isSuperseded(_ update: FeedUpdate) -> Bool {
  if case .superseded = update { return true }
  return false
}

private func failure(_ update: FeedUpdate) -> FeedError? {
  if case .failed(let error) = update { return error }
  return nil
}

@Suite struct FeedSessionTests {
  @Test func singlePageFeedAnswersEndOfFeed() async throws {
    let session = FeedSession(source: .sample)
    let count = try #require(ids(await session.refresh())).count
    #expect(count > 0)
    #expect(await session.hasMorePages == false)
    #expect(isEnd(await session.loadMore()))
    #expect(await session.itemCount == count)
    #expect(await session.title == "Cascade sample feed")
  }

  @Test func loadMoreBeforeRefreshLoadsPageOne() async throws {
    let session = FeedSession(source: .sample)
    #expect(try #require(ids(await session.loadMore())).count > 0)
    #expect(isEnd(await session.loadMore()))
  }

  @Test func nextLinksArePagedToTheEnd() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feeds/1.json", reply: .json(feedJSON(["a", "b"], next: "2.json")))
    server.route("/feeds/2.json", reply: .json(feedJSON(["c"], next: server.url("/other/3"))))
    server.route("/other/3", reply: .json(feedJSON(["d"])))
    let session = FeedSession(source: .url(server.url("/feeds/1.json")))
    #expect(ids(await session.refresh()) == ["a", "b"])
    #expect(await session.hasMorePages)
    #expect(ids(await session.loadMore()) == ["c"])
    #expect(ids(await session.loadMore()) == ["d"])
    #expect(await session.hasMorePages == false)
    #expect(isEnd(await session.loadMore()))
    #expect(await session.loadedIdentities == ["a", "b", "c", "d"])
  }

  @Test func nextLinksInFilesResolveAgainstTheirFolder() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/more", withIntermediateDirectories: true)
    try feedJSON(["a"], next: "more/2.json").write(
      toFile: folder + "/1.json", atomically: true, encoding: .utf8)
    try feedJSON(["b"]).write(toFile: folder + "/more/2.json", atomically: true, encoding: .utf8)
    let session = FeedSession(source: try FeedSource(argument: folder + "/1.json"))
    #expect(ids(await session.refresh()) == ["a"])
    #expect(ids(await session.loadMore()) == ["b"])
    #expect(isEnd(await session.loadMore()))
  }

  @Test func nextLinkLoopEndsTheFeed() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/1", reply: .json(feedJSON(["a"], next: "/2")))
    server.route("/2", reply: .json(feedJSON(["b"], next: "/1")))
    let session = FeedSession(source: .url(server.url("/1")))
    _ = await session.refresh()
    #expect(ids(await session.loadMore()) == ["b"])
    #expect(await session.hasMorePages == false)
    #expect(isEnd(await session.loadMore()))
  }

  /// `next` links to new URLs of pages that repeat the items loaded: 13,487 requests in 15 s
  /// over loopback, until `--max-pages`. The chain ends after the first such page, saying why.
  @Test func aNextPageOfItemsAlreadyLoadedEndsTheChain() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    for n in 1...50 {
      server.route("/p/\(n)", reply: .json(feedJSON(["a", "b"], next: "/p/\(n + 1)")))
    }
    let session = FeedSession(source: .url(server.url("/p/1")))
    _ = await session.refresh()
    guard let reason = await reasonTheChainEnded(session) else { return }
    #expect(reason.contains("only items already loaded"))
    #expect(server.requests.count == 2)
    #expect(await session.hasMorePages == false)
  }

  /// Empty pages with new `next` links: a few are followed (a page may show nothing), each
  /// after a longer wait, then the chain ends and says why.
  @Test func emptyNextPagesBackOffThenEndTheChain() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/p/1", reply: .json(feedJSON(["a"], next: "/p/2")))
    for n in 2...50 { server.route("/p/\(n)", reply: .json(feedJSON([], next: "/p/\(n + 1)"))) }
    var options = LoadOptions()
    options.pageBackoff = .milliseconds(100)
    // A clock that moves to whatever moment is waited for, and notes each wait: no sleep.
    let start = ContinuousClock.now
    let time = Locked((now: start, waits: [Duration]()))
    let clock = SessionClock(
      now: { time.withLock { $0.now } },
      sleep: { until in
        time.withLock {
          $0.waits.append(until - $0.now)
          $0.now = until
        }
      })
    let session = FeedSession(
      source: .url(server.url("/p/1")), options: options, clock: clock)
    _ = await session.refresh()
    guard let reason = await reasonTheChainEnded(session) else { return }
    #expect(reason.contains("\(FeedSession.emptyPageLimit) pages in a row held no items"))
    #expect(server.requests.count == 1 + FeedSession.emptyPageLimit)
    // Before the second empty page 100 ms, before the third 200 ms: twice as long each time.
    #expect(time.withLock { $0.waits } == [.milliseconds(100), .milliseconds(200)])
  }

  @Test func templatePagesUntilAnEmptyPage() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/f?page=1", reply: .json(feedJSON(["a"])))
    server.route("/f?page=2", reply: .json(feedJSON(["b"])))
    server.route("/f?page=3", reply: .json(feedJSON([])))
    let session = FeedSession(source: try FeedSource(argument: server.url("/f?page={page}")))
    #expect(ids(await session.refresh()) == ["a"])
    #expect(ids(await session.loadMore()) == ["b"])
    #expect(isEnd(await session.loadMore()))
    #expect(await session.hasMorePages == false)
    #expect(isEnd(await session.loadMore()))
    #expect(server.requests.map(\.path) == ["/f?page=1", "/f?page=2", "/f?page=3"])
  }

  @Test func templateEndsOnA404() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/p/1.json", reply: .json(feedJSON(["a"])))
    let session = FeedSession(source: try FeedSource(argument: server.url("/p/{page}.json")))
    #expect(ids(await session.refresh()) == ["a"])
    #expect(isEnd(await session.loadMore()))
    #expect(await session.loadedIdentities == ["a"])
  }

  @Test func templateEndsOnAPageWithoutNewItems() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/f?page=1", reply: .json(feedJSON(["a", "b"])))
    server.route("/f?page=2", reply: .json(feedJSON(["b", "a"])))
    let session = FeedSession(source: try FeedSource(argument: server.url("/f?page={page}")))
    _ = await session.refresh()
    #expect(isEnd(await session.loadMore()))
    #expect(await session.hasMorePages == false)
  }

  @Test func templateOverFilesPagesToTheEnd() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for page in 1...3 {
      try feedJSON(["p\(page)"]).write(
        toFile: folder + "/\(page).json", atomically: true, encoding: .utf8)
    }
    let session = FeedSession(source: try FeedSource(argument: folder + "/{page}.json"))
    #expect(ids(await session.refresh()) == ["p1"])
    #expect(ids(await session.loadMore()) == ["p2"])
    #expect(ids(await session.loadMore()) == ["p3"])
    // Page 4 is a missing file: for a file template that is a failure, not an end.
    #expect(failure(await session.loadMore()) != nil)
    #expect(await session.itemCount == 3)
  }

  @Test func duplicateItemsAcrossPagesAreAddedOnce() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let noID = #"{"img": "shared.jpg", "w": 1, "h": 1}"#
    server.route(
      "/1",
      reply: .json(#"{"next": "/2", "data": [\#(noID), {"id": "x", "img": "x1", "w": 1, "h": 1}]}"#)
    )
    server.route(
      "/2",
      reply: .json(
        #"{"data": [\#(noID), {"id": "x", "img": "x2", "w": 1, "h": 1}, {"id": "y", "img": "y", "w": 1, "h": 1}]}"#
      ))
    let session = FeedSession(source: .url(server.url("/1")))
    // The same relative address on both pages, which are in one folder: one picture.
    let shared = server.url("/shared.jpg")
    #expect(ids(await session.refresh()) == [shared, "x"])
    let more = await session.loadMore()
    #expect(ids(more) == ["y"])
    #expect(await session.loadedIdentities == [shared, "x", "y"])
    guard case .appended(_, let skipped, _) = more else { return }
    #expect(
      skipped
        == SkipReport(
          count: 2,
          firstReason: "item 1: the same picture URL as an item already in the feed"))
  }

  @Test func duplicatesWithinAPageAreAddedOnce() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/1", reply: .json(feedJSON(["a", "b", "a"])))
    let session = FeedSession(source: .url(server.url("/1")))
    let update = await session.refresh()
    #expect(ids(update) == ["a", "b"])
    // Dropped without a word, a repeat looked like an item lost.
    guard case .replaced(_, let skipped, _) = update else { return }
    #expect(skipped.message?.hasPrefix("skipped 1 item (first: item 3: the same ") == true)
  }

  @Test func refreshReplacesItemsAndResetsPaging() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let loads = Counter()
    server.route("/1") { _ in
      loads.next() == 1 ? .json(feedJSON(["a"], next: "/2")) : .json(feedJSON(["new", "a"]))
    }
    server.route("/2", reply: .json(feedJSON(["b"])))
    let session = FeedSession(source: .url(server.url("/1")))
    _ = await session.refresh()
    _ = await session.loadMore()
    #expect(await session.loadedIdentities == ["a", "b"])
    #expect(ids(await session.refresh()) == ["new", "a"])
    #expect(await session.loadedIdentities == ["new", "a"])
    #expect(await session.hasMorePages == false)
  }

  @Test func refreshFailureKeepsItems() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let loads = Counter()
    server.route("/1") { _ in
      switch loads.next() {
      case 1: .json(feedJSON(["a", "b"], next: "/2"))
      case 2: .status(500)
      default: .json("{\"data\": [")
      }
    }
    server.route("/2", reply: .json(feedJSON(["c"])))
    let session = FeedSession(source: .url(server.url("/1")))
    _ = await session.refresh()
    #expect(failure(await session.refresh()) == .httpStatus(url: server.url("/1"), status: 500))
    guard case .malformed = failure(await session.refresh()) else {
      Issue.record("expected malformed JSON")
      return
    }
    #expect(await session.loadedIdentities == ["a", "b"])
    // Paging still works from where it was.
    #expect(ids(await session.loadMore()) == ["c"])
  }

  @Test func loadMoreFailureKeepsItemsAndCanBeRetried() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let loads = Counter()
    server.route("/1", reply: .json(feedJSON(["a"], next: "/2")))
    server.route("/2") { _ in loads.next() == 1 ? .status(503) : .json(feedJSON(["b"])) }
    let session = FeedSession(source: .url(server.url("/1")))
    _ = await session.refresh()
    #expect(failure(await session.loadMore()) == .httpStatus(url: server.url("/2"), status: 503))
    #expect(await session.loadedIdentities == ["a"])
    #expect(await session.hasMorePages)
    #expect(ids(await session.loadMore()) == ["b"])
  }

  @Test func refreshTimeoutKeepsItems() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let loads = Counter()
    server.route("/1") { _ in loads.next() == 1 ? .json(feedJSON(["a"])) : .silence }
    let session = FeedSession(source: .url(server.url("/1")), options: quickOptions(timeout: 0.3))
    _ = await session.refresh()
    #expect(failure(await session.refresh()) == .timedOut(url: server.url("/1"), seconds: 0.3))
    #expect(await session.loadedIdentities == ["a"])
  }

  @Test func brokenNextLinkFailsLoadMoreAndKeepsItems() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/1", reply: .json(feedJSON(["a"], next: "file:///etc/passwd")))
    let session = FeedSession(source: .url(server.url("/1")))
    _ = await session.refresh()
    guard case .refusedLink = failure(await session.loadMore()) else {
      Issue.record("expected refusedLink")
      return
    }
    #expect(await session.loadedIdentities == ["a"])
  }

  @Test func staleLoadDoesNotWin() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let loads = Counter()
    server.route("/1") { _ in loads.next() == 1 ? .silence : .json(feedJSON(["fresh"])) }
    let session = FeedSession(source: .url(server.url("/1")), options: quickOptions(timeout: 10))
    let stale = Task { await session.refresh() }
    try await waitUntil { server.requests.count == 1 }
    let fresh = await session.refresh()
    #expect(isSuperseded(await stale.value))
    #expect(ids(fresh) == ["fresh"])
    #expect(await session.loadedIdentities == ["fresh"])
  }

  @Test func refreshSupersedesARunningLoadMore() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/1", reply: .json(feedJSON(["a"], next: "/2")))
    server.route("/2", reply: .silence)
    let session = FeedSession(source: .url(server.url("/1")), options: quickOptions(timeout: 10))
    _ = await session.refresh()
    let more = Task { await session.loadMore() }
    try await waitUntil { server.requests.count == 2 }
    #expect(ids(await session.refresh()) == ["a"])
    #expect(isSuperseded(await more.value))
    #expect(await session.loadedIdentities == ["a"])
  }

  @Test func loadMoreWhileLoadingAnswersSuperseded() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/1", reply: .silence)
    let session = FeedSession(source: .url(server.url("/1")), options: quickOptions(timeout: 10))
    let first = Task { await session.refresh() }
    try await waitUntil { server.requests.count == 1 }
    #expect(isSuperseded(await session.loadMore()))
    await session.cancel()
    #expect(isSuperseded(await first.value))
    #expect(await session.loadedIdentities.isEmpty)
  }

  @Test func cancellingTheCallerStopsTheLoad() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/1", reply: .silence)
    let session = FeedSession(source: .url(server.url("/1")), options: quickOptions(timeout: 10))
    let task = Task { await session.refresh() }
    try await waitUntil { server.requests.count == 1 }
    task.cancel()
    #expect(failure(await task.value) == .cancelled(source: server.url("/1")))
  }
}
