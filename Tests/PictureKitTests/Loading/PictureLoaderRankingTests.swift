import BrowserCore
import FeedKit
import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import PictureKit

/// The loader's priorities: pictures in view start before those around it, a new ranking
/// reorders what waits, and pictures out of view are fetched within a byte budget.
@Suite struct PictureLoaderRankingTests {
  /// Serves `/0.png` … `/n.png` (a real PNG), the first held at `gate`.
  static func serve(_ count: Int, on server: TestHTTPServer, holdingFirstAt gate: Gate) throws {
    let bytes = try [UInt8](
      Data(contentsOf: PictureLoaderTests.fixtures.appendingPathComponent("png-rgb.png")))
    for n in 0..<count {
      server.route("/\(n).png") { _ in
        if n == 0 { gate.wait() }
        return .respond(status: 200, headers: [:], body: bytes)
      }
    }
  }

  static func loader(
    for server: TestHTTPServer, budget: Int = 16 << 20,
    loaded: Locked<[PictureKey]>
  ) -> PictureLoader {
    var configuration = PictureLoader.Configuration(
      source: .url(server.url("/feed.json")), colorMode: .direct)
    configuration.load = .patient
    configuration.transfersPerServer = 1
    configuration.prefetchBudget = budget
    return PictureLoader(configuration, cache: PictureCache()) { event in
      if case .pictureLoaded(let key, _) = event { loaded.withLock { $0.append(key) } }
    }
  }

  @Test func aRankingPutsTheViewFirstAndWhatIsNotRankedLast() async throws {
    let server = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    try Self.serve(5, on: server, holdingFirstAt: gate)
    let keys = (0..<5).map { PictureKey(url: server.url("/\($0).png"), columns: 4, rows: 4) }
    let loaded = Locked<[PictureKey]>([])
    let loader = Self.loader(for: server, loaded: loaded)
    loader.load([keys[0]])
    try await waitUntil { server.requests.count == 1 }
    loader.load(Array(keys[1...]))
    #expect(loader.waiting == Array(keys[1...]))
    loader.rank(PictureRanking(visible: [keys[4]], ahead: [keys[2], keys[3]]))
    #expect(loader.waiting == [keys[4], keys[2], keys[3], keys[1]])
    gate.open()
    try await waitUntil { loaded.withLock { $0.count } == 5 }
    // Transfers start one at a time, in the ranking's order (results may end out of it).
    #expect(server.requests.map(\.path) == ["/0.png", "/4.png", "/2.png", "/3.png", "/1.png"])
  }

  /// Past the budget a picture out of view waits; ranked into view, it starts, and the next
  /// ranking's budget lets the rest go after it.
  @Test func picturesOutOfViewStopAtTheBudgetUntilTheyComeIntoView() async throws {
    let server = try TestHTTPServer()
    let gate = Gate()
    gate.open()
    defer { server.stop() }
    try Self.serve(4, on: server, holdingFirstAt: gate)
    let keys = (0..<4).map { PictureKey(url: server.url("/\($0).png"), columns: 4, rows: 4) }
    let loaded = Locked<[PictureKey]>([])
    let loader = Self.loader(for: server, budget: 1, loaded: loaded)
    loader.load(keys)
    loader.rank(PictureRanking(visible: [keys[0]], ahead: [keys[1], keys[2], keys[3]]))
    try await waitUntil { loaded.withLock { $0.count } == 2 }
    try await Task.sleep(for: .milliseconds(300))
    #expect(server.requests.count == 2, "the budget was passed by more")
    #expect(loader.waiting == [keys[2], keys[3]])
    loader.rank(PictureRanking(visible: [keys[3]], ahead: [keys[2]]))
    try await waitUntil { loaded.withLock { $0.count } == 4 }
    #expect(server.requests.map(\.path) == ["/0.png", "/1.png", "/3.png", "/2.png"])
  }
}

extension PictureLoaderRankingTests {
  /// A box that moved to a column a cell wider asks for its picture at the new size and lets
  /// go of the old: the transfer under way serves the new size, and is not started again.
  @Test func onePictureAtANewSizeJoinsTheTransferUnderWay() async throws {
    let server = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    try Self.serve(1, on: server, holdingFirstAt: gate)
    let old = PictureKey(url: server.url("/0.png"), columns: 23, rows: 10)
    let new = PictureKey(url: server.url("/0.png"), columns: 24, rows: 10)
    let loaded = Locked<[PictureKey]>([])
    var configuration = PictureLoader.Configuration(
      source: .url(server.url("/feed.json")), colorMode: .direct)
    configuration.load = .patient
    configuration.transfersPerServer = 6
    let loader = PictureLoader(configuration, cache: PictureCache()) { event in
      if case .pictureLoaded(let key, _) = event { loaded.withLock { $0.append(key) } }
    }
    loader.load([old])
    try await waitUntil { server.requests.count == 1 }
    // As the shell does: the new size asked for, then the old one let go.
    loader.load([new])
    loader.cancel([old])
    // The answer waits until the new size's job has joined the transfer (the old one's
    // cancel has let go of it already): a 200 ms sleep here counted on the job beginning
    // within it, which a loaded machine need not do.
    try await waitUntil { loader.waitingForFetch(of: server.url("/0.png")) == 1 }
    gate.open()
    try await waitUntil { loaded.withLock { $0 } == [new] }
    #expect(loaded.withLock { $0 } == [new])
    #expect(server.requests.count == 1, "the picture was fetched again for its new size")
  }
}
