import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedKit

/// What `FeedSession.refresh(partial:)` handed out.
private final class Received: Sendable {
  private let count = Locked(0)
  func add(_ items: [FeedItem]) { count.withLock { $0 += items.count } }
  var total: Int { count.withLock { $0 } }
}

/// A classic feed of `count` items, some 90 bytes each.
private func classicFeed(_ count: Int, from first: Int = 0, closed: Bool = true) -> [UInt8] {
  var text = "{\"data\": [\n"
  for i in first..<first + count {
    if i > first { text += ",\n" }
    text += #"{"img": "https://images.example.com/feed/\#(i).jpg", "width": 800, "height": 600}"#
  }
  return Array((text + (closed ? "]}\n" : ",\n")).utf8)
}

/// A page over http(s) is decoded while it arrives: its first items are shown before the
/// server has sent the rest.
@Suite struct NetworkStreamingTests {
  @Test func aPageIsDecodedBeforeItsBodyEnds() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    // 40,000 items (3.6 MB) of a page twice that size, then the server stalls.
    let sent = classicFeed(40_000, closed: false)
    server.route("/big", reply: .stallAfter(body: sent, declaredLength: 2 * sent.count))
    var options = LoadOptions()
    options.timeout = 60
    let session = FeedSession(source: .url(server.url("/big")), options: options)
    let received = Received()
    let load = Task { await session.refresh { received.add($0) } }
    // Generous: in a parallel run, CPU-bound suites can hold the two cooperative threads the
    // load's tasks need for many seconds.
    let deadline = ContinuousClock.now + .seconds(TimeBounds.scaled(60))
    while received.total < 30_000, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(received.total >= 30_000, "items shown while the body is still arriving")
    #expect(received.total <= 40_000)
    await session.cancel()
    load.cancel()
    guard case .superseded = await load.value else {
      Issue.record("a cancelled load is superseded")
      return
    }
    // A cancelled load changes nothing, and hands out no more.
    let shown = received.total
    #expect(await session.itemCount == 0)
    try await Task.sleep(for: .milliseconds(100))
    #expect(received.total == shown)
  }

  /// A page larger than what may wait in memory (the transfer pauses while the decoder
  /// catches up) comes whole and in order, chunked, through the same streaming path.
  @Test func aLargeChunkedPageArrivesWhole() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let count = 150_000  // 13.5 MB, over `ArrivingBody.highWater`
    server.route(
      "/large",
      reply: .chunked(body: classicFeed(count), headers: ["Content-Type": "application/json"]))
    var options = LoadOptions()
    options.timeout = 60
    let session = FeedSession(source: .url(server.url("/large")), options: options)
    let received = Received()
    let update = await session.refresh { received.add($0) }
    guard case .appended(let rest, _, _) = update else {
      Issue.record("expected the rest of the page, got \(update)")
      return
    }
    #expect(received.total + rest.count == count)
    #expect(received.total > 0)
    let identities = await session.loadedIdentities
    #expect(identities.count == count)
    #expect(identities.first == "https://images.example.com/feed/0.jpg")
    #expect(identities.last == "https://images.example.com/feed/\(count - 1).jpg")
  }

  /// An error page is never decoded as a feed, and a missing page is its status.
  @Test func aStatusErrorIsTheLoadsError() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/gone", reply: .respond(status: 404, headers: [:], body: Array("<h1>no</h1>".utf8)))
    let update = await FeedSession(source: .url(server.url("/gone"))).refresh { _ in }
    guard case .failed(.httpStatus(_, 404)) = update else {
      Issue.record("expected the 404, got \(update)")
      return
    }
  }
}
