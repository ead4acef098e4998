import BrowserCore
import FeedKit
import Foundation
import Locking
import PictureCells
import TestSupport
import Testing

@testable import PictureKit

/// The picture loader's web transfers against loopback servers: a cancel closes the transfer
/// under way, and no server gets more than its share of transfers at once.
@Suite struct PictureLoaderTransferTests {
  static let png: [UInt8] = {
    let url = PictureLoaderTests.fixtures.appendingPathComponent("png-rgb.png")
    return (try? [UInt8](Data(contentsOf: url))) ?? []
  }()

  /// The results a loader posted, by picture.
  final class Results: Sendable {
    private let posted = Locked<[PictureKey: String?]>([:])
    func add(_ key: PictureKey, failure: String?) { posted.withLock { $0[key] = failure } }
    var all: [PictureKey: String?] { posted.withLock { $0 } }
  }

  /// A loader whose results land in `results`.
  static func loader(
    for feed: FeedSource, jobs: Int = 4, cache: PictureCache = PictureCache(),
    diskCache: PictureDiskCache? = nil, results: Results
  ) -> PictureLoader {
    var configuration = PictureLoader.Configuration(source: feed, colorMode: .palette256)
    configuration.load = .patient
    configuration.jobs = jobs
    configuration.diskCache = diskCache
    return PictureLoader(configuration, cache: cache) { event in
      if case .pictureLoaded(let key, let failure) = event {
        results.add(key, failure: failure)
      }
    }
  }

  /// Polls `condition` until it holds or a generous deadline passes; returns whether it held.
  /// The deadline only guards against a hang: what these tests bound is what the servers saw
  /// and the order of the results (60 s ran out under a load of 10 on two cores, with every
  /// unit test started at once).
  static func eventually(
    seconds: Int = 600, _ condition: @Sendable () -> Bool
  ) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  /// A picture's answer.
  static let pngReply: @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply = { _ in
    .respond(status: 200, headers: ["Content-Type": "image/png"], body: png)
  }

  @Test func aCancelClosesTheTransferUnderWayAndALaterRequestLoads() async throws {
    let server = try TestHTTPServer()
    // The body's first chunk, then the rest only once the cancel is made: a cancel that
    // does not reach the transfer lets the whole body through, however slow the machine.
    // Paced alone (ten seconds for the body), the test counted on its cancel coming within
    // them; with every unit suite at once beside other work, it once came after the end.
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    let body = [UInt8](repeating: 0x5A, count: 8 << 20)
    let progress = Locked((sent: 0, clientLeft: false))
    let requests = Counter()
    let png = Self.png
    server.route("/big.png") { _ in
      guard requests.next() == 1 else {
        return .respond(status: 200, headers: ["Content-Type": "image/png"], body: png)
      }
      // About ten seconds for the rest of the body after the gate.
      return .paced(body: body, chunk: 8_192, interval: 0.01, holdingAfterFirstChunkAt: gate) {
        sent, left in
        progress.withLock { $0 = (sent, left) }
      }
    }
    let results = Results()
    let cache = PictureCache()
    let loader = Self.loader(
      for: FeedSource.url(server.url("/feed.json")), cache: cache, results: results)
    let key = PictureKey(url: server.url("/big.png"), columns: 6, rows: 3)
    loader.load([key])
    #expect(try await Self.eventually { progress.withLock { $0.sent > 0 } }, "the body flows")
    loader.cancel([key])
    gate.open()
    #expect(try await Self.eventually { progress.withLock { $0.clientLeft } }, "closed")
    let sent = progress.withLock { $0.sent }
    #expect(sent < body.count, "the server stopped sending after \(sent) bytes")
    #expect(try await Self.eventually { loader.backlog == 0 })
    #expect(results.all[key] == nil, "a cancelled picture is not reported")
    #expect(cache.picture(for: key) == nil)

    loader.load([key])
    #expect(try await Self.eventually { results.all[key] != nil })
    #expect(results.all[key] == .some(nil), "asked again, it loads")
    #expect(cache.picture(for: key) != nil)
    #expect(requests.next() == 3, "fetched twice")
  }

  /// Pictures alone, or half of them size probes: probes and pictures share the server's
  /// transfers, so the server never sees more connections at once than its share.
  @Test(arguments: [false, true])
  func oneServerGetsNoMoreTransfersAtOnceThanItsShare(halfProbes: Bool) async throws {
    let server = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    let inFlight = server.holdPictures(30, at: gate) { request in
      TestHTTPServer.Reply.ranged(Self.png, for: request)
    }
    let results = Results()
    let loader = Self.loader(
      for: FeedSource.url(server.url("/feed.json")), jobs: 16, results: results)
    let share = PictureLoader.Configuration(source: .sample, colorMode: .direct)
      .transfersPerServer
    let pictures = halfProbes ? 15 : 30
    let keys = (0..<pictures).map {
      PictureKey(url: server.url("/\($0).png"), columns: 4, rows: 2)
    }
    let sizes = Locked<[ProbedSize]>([])
    loader.load(keys)
    loader.probe(
      (pictures..<30).map { SizeRequest(index: $0, imageURL: server.url("/\($0).png")) }
    ) { size in sizes.withLock { $0.append(size) } }
    // Every exchange waits at the gate, so none ends and frees its place meanwhile.
    #expect(try await Self.eventually { inFlight.now == share })
    #expect(loader.backlog == pictures, "the rest wait in the loader, not in the transport")
    gate.open()
    #expect(try await Self.eventually { results.all.count == pictures })
    #expect(try await Self.eventually { sizes.withLock { $0.count } == 30 - pictures })
    #expect(results.all.values.allSatisfy { $0 == nil })
    #expect(sizes.withLock { $0.allSatisfy { $0.failure == nil && $0.width > 0 } })
    #expect(inFlight.most == share, "at most \(share) at once, and that many")
    #expect(server.mostOpen <= share, "the server saw \(server.mostOpen) connections at once")
  }

  /// A box in view: its picture is fetched whole at once, its size told from its first bytes
  /// while the rest still comes, and its picture joins that transfer: one request, no range.
  @Test func aPictureInViewIsFetchedOnceItsSizeToldFromItsFirstBytes() async throws {
    let server = try TestHTTPServer()
    // The rest of the answer waits after its first chunk until the size is told and the
    // picture has joined the transfer: the size can only have come from the first bytes.
    // Paced alone, the test counted on the size and the picture's job coming within the
    // 125 ms the answer took; with every unit suite at once beside other work, the job came
    // after, and found the bytes the probe kept gone from the process's shared prefixes.
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    // Bytes after the picture's end: a 200 KB answer that takes a while to come.
    let body = Self.png + [UInt8](repeating: 0, count: 200_000)
    let progress = Locked((sent: 0, done: false))
    server.route("/big.png") { _ in
      .paced(body: body, chunk: 8_192, interval: 0.005, holdingAfterFirstChunkAt: gate) {
        sent, _ in
        progress.withLock { $0 = (sent, sent == body.count) }
      }
    }
    let results = Results()
    let loader = Self.loader(for: FeedSource.url(server.url("/feed.json")), results: results)
    let url = server.url("/big.png")
    let told = Locked<(size: ProbedSize, sent: Int, done: Bool)?>(nil)
    loader.probe([SizeRequest(index: 0, imageURL: url, inView: true)]) { size in
      let (sent, done) = progress.withLock { ($0.sent, $0.done) }
      told.withLock { $0 = (size, sent, done) }
    }
    #expect(try await Self.eventually { told.withLock { $0 != nil } })
    let size = try #require(told.withLock { $0 })
    #expect(size.size.failure == nil && size.size.width > 0)
    #expect(!size.done, "the size came at \(size.sent) of \(body.count) bytes, before the end")
    let key = PictureKey(url: url, columns: 4, rows: 2)
    loader.load([key])
    #expect(
      try await Self.eventually { loader.waitingForFetch(of: url) == 2 },
      "the picture joins its probe's transfer under way")
    gate.open()
    #expect(try await Self.eventually { results.all[key] != nil })
    #expect(results.all[key] == .some(nil))
    let asked = server.requests.filter { $0.path == "/big.png" }
    #expect(asked.count == 1, "one request for the size and the picture")
    #expect(asked.allSatisfy { $0.headers["range"] == nil }, "the whole picture at once")
  }

  /// The size read from a transfer's first bytes is told at once and kept in the disk cache
  /// only once the transfer has ended, by the loader's own task: it was written from inside
  /// the transfer's watch, on the thread that moves every transfer's bytes, and each size
  /// record (a file made, written and renamed: ~1 ms, more on a busy disk) held up the other
  /// pictures' bytes of the screen for as long.
  @Test func aSizeFromTheFirstBytesIsKeptOnDiskOnlyOnceItsTransferEnds() async throws {
    let server = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    let body = Self.png + [UInt8](repeating: 0, count: 50_000)
    let finished = Locked(false)
    server.route("/held.png") { _ in
      .paced(body: body, chunk: 8_192, interval: 0.001, holdingAfterFirstChunkAt: gate) {
        sent, _ in
        if sent == body.count { finished.withLock { $0 = true } }
      }
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let disk = try #require(PictureDiskCache(directory: folder, budget: 1 << 20))
    let loader = Self.loader(
      for: FeedSource.url(server.url("/feed.json")), diskCache: disk, results: Results())
    let url = server.url("/held.png")
    let record = disk.path(for: SizeProbe.sizeKey + url)
    let told = Locked<(size: ProbedSize, recorded: Bool)?>(nil)
    loader.probe([SizeRequest(index: 0, imageURL: url, inView: true)]) { size in
      told.withLock { $0 = (size, access(record, F_OK) == 0) }
    }
    #expect(try await Self.eventually { told.withLock { $0 != nil } })
    let size = try #require(told.withLock { $0 })
    #expect(size.size.failure == nil && size.size.width > 0)
    #expect(!finished.withLock { $0 }, "the size came while the rest of the picture was held")
    #expect(!size.recorded, "the size was written to disk while its transfer still ran")
    // The server holds the rest: the transfer cannot have ended, so nothing is kept yet.
    #expect(access(record, F_OK) != 0)
    gate.open()
    #expect(
      try await Self.eventually { access(record, F_OK) == 0 },
      "the size is kept once its transfer has ended")
  }

  /// A request asked fresh and again in one batch (one picture in two boxes) is a fresh one:
  /// the loader took the batch's "again" for the picture's URL as "asked before", found no
  /// probe of it waiting, and started none; the size never came.
  @Test func aSizeAskedFreshAndAgainInOneBatchIsProbed() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/p.png") { request in TestHTTPServer.Reply.ranged(Self.png, for: request) }
    let results = Results()
    let loader = Self.loader(for: FeedSource.url(server.url("/feed.json")), results: results)
    let url = server.url("/p.png")
    let sizes = Locked<[ProbedSize]>([])
    loader.probe([
      SizeRequest(index: 0, imageURL: url, inView: true),
      SizeRequest(index: 3, imageURL: url, inView: true, again: true),
    ]) { size in sizes.withLock { $0.append(size) } }
    #expect(try await Self.eventually(seconds: 60) { !sizes.withLock { $0.isEmpty } })
    let told = sizes.withLock { $0 }
    #expect(told.map(\.request.index) == [0] && told.allSatisfy { $0.failure == nil }, "\(told)")
    #expect(server.requests.filter { $0.path == "/p.png" }.count == 1)
  }

  @Test func aBusyServerDoesNotHoldUpAnothersPictures() async throws {
    // Two ports of 127.0.0.1: two servers to the loader, which counts by host and port.
    let busy = try TestHTTPServer()
    let quick = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      busy.stop()
      quick.stop()
    }
    let inFlight = busy.holdPictures(30, at: gate, reply: Self.pngReply)
    let png = Self.png
    for i in 0..<5 {
      quick.route("/\(i).png", reply: .respond(status: 200, headers: [:], body: png))
    }
    let results = Results()
    let loader = Self.loader(
      for: FeedSource.file("/nonexistent/feed.json"), jobs: 16, results: results)
    let quickKeys = (0..<5).map {
      PictureKey(url: quick.url("/\($0).png"), columns: 4, rows: 2)
    }
    let busyKeys = (0..<30).map { PictureKey(url: busy.url("/\($0).png"), columns: 4, rows: 2) }
    // The busy server's pictures are the newer requests: first in the queue.
    loader.load(quickKeys)
    loader.load(busyKeys)
    #expect(
      try await Self.eventually {
        quickKeys.allSatisfy { results.all[$0] != nil }
      }, "the other server's pictures went ahead")
    #expect(quickKeys.allSatisfy { results.all[$0] == .some(nil) })
    #expect(busyKeys.allSatisfy { results.all[$0] == nil })
    #expect(inFlight.most <= 6)
    gate.open()
    #expect(try await Self.eventually { results.all.count == 35 })
  }
}
