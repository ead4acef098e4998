import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedKit
@testable import PictureKit

/// One fetch per picture: a size probe's bytes are kept and the picture's fetch asks only for
/// the rest, over loopback, counting the body bytes the server sends.
@Suite struct ProbedPrefixesTests {
  private static let fixtures = PictureFixtures.folder

  private static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  /// A picture of `count` bytes: a real JPEG's header, then filler.
  private static func large(_ count: Int) throws -> [UInt8] {
    let picture = try fixture("jpeg-baseline.jpg")
    return picture + [UInt8](repeating: 0x55, count: max(0, count - picture.count))
  }

  /// A picture that may change, served as a server that honours `Range` and `If-Range` does
  /// (or, with `ranges` off, as one that ignores both); the body bytes each answer carried.
  private final class Served: @unchecked Sendable {
    private let lock = NSLock()
    private var body: [UInt8]
    private var version = 1
    private var counts: [Int] = []
    let ranges: Bool

    init(_ body: [UInt8], ranges: Bool = true) {
      self.body = body
      self.ranges = ranges
    }

    func change(to body: [UInt8]) {
      lock.withLock {
        self.body = body
        version += 1
      }
    }

    var sent: [Int] { lock.withLock { counts } }

    func answer(_ request: TestHTTPServer.Request) -> TestHTTPServer.Reply {
      lock.withLock {
        let tag = "\"v\(version)\""
        var reply = TestHTTPServer.Reply.respond(status: 200, headers: [:], body: body)
        if ranges, request.headers["if-range"].map({ $0 == tag }) ?? true {
          reply = .ranged(body, for: request)
        }
        guard case .respond(let status, var headers, let bytes) = reply else { return reply }
        headers["ETag"] = tag
        counts.append(bytes.count)
        return .respond(status: status, headers: headers, body: bytes)
      }
    }
  }

  private static let source = FeedSource.url("http://127.0.0.1/feed.json")

  /// A loopback server with `served` at `/p.jpg`.
  private static func serve(_ served: Served) throws -> TestHTTPServer {
    let server = try TestHTTPServer()
    server.route("/p.jpg") { served.answer($0) }
    return server
  }

  private func probeThenFetch(
    _ url: String, prefixes: ProbedPrefixes, cache: PictureDiskCache? = nil,
    maxBytes: Int = 8 << 20
  ) async throws -> [UInt8] {
    _ = try await SizeProbe.size(
      of: .unsized(imageURL: url), in: Self.source, options: LoadOptions.patient, cache: cache,
      prefixes: prefixes
    ).get()
    return try await PictureFetch.fetch(
      .web(url), options: LoadOptions.patient, maxBytes: maxBytes, cache: cache, prefixes: prefixes
    ).bytes
  }

  @Test func aLargePictureCrossesTheNetworkOnce() async throws {
    let picture = try Self.large(300_000)
    let served = Served(picture)
    let server = try Self.serve(served)
    defer { server.stop() }
    let prefixes = ProbedPrefixes(budget: 1 << 20)
    let bytes = try await probeThenFetch(server.url("/p.jpg"), prefixes: prefixes)
    #expect(bytes == picture)
    #expect(served.sent == [64 << 10, picture.count - (64 << 10)])
    let rest = try #require(server.requests.last)
    #expect(rest.headers["range"] == "bytes=65536-")
    #expect(rest.headers["if-range"] == "\"v1\"")
    #expect(prefixes.byteCount == 0, "the fetch took the prefix it continued")
  }

  @Test func aServerIgnoringRangesSendsTheWholePictureOnceMore() async throws {
    let picture = try Self.large(300_000)
    let served = Served(picture, ranges: false)
    let server = try Self.serve(served)
    defer { server.stop() }
    let bytes = try await probeThenFetch(
      server.url("/p.jpg"), prefixes: ProbedPrefixes(budget: 1 << 20))
    #expect(bytes == picture)
    #expect(server.requests.count == 2)
  }

  @Test func aPictureChangedSinceItsProbeComesWhole() async throws {
    let first = try Self.large(300_000)
    let second = try Self.large(200_000).map { $0 == 0x55 ? 0x66 : $0 }
    let served = Served(first)
    let server = try Self.serve(served)
    defer { server.stop() }
    let prefixes = ProbedPrefixes(budget: 1 << 20)
    let url = server.url("/p.jpg")
    _ = try await SizeProbe.size(
      of: .unsized(imageURL: url), in: Self.source, options: LoadOptions.patient, prefixes: prefixes
    ).get()
    served.change(to: second)
    let bytes = try await PictureFetch.fetch(
      .web(url), options: LoadOptions.patient, maxBytes: 8 << 20, prefixes: prefixes
    ).bytes
    #expect(bytes == second, "the old prefix was joined to the new picture's rest")
  }

  /// Without a disk cache (`--no-cache`) a picture that came whole in its probe is not asked
  /// for again.
  @Test func aSmallPictureIsFetchedOnceWithoutADiskCache() async throws {
    let picture = try Self.fixture("jpeg-baseline.jpg")
    let served = Served(picture)
    let server = try Self.serve(served)
    defer { server.stop() }
    let bytes = try await probeThenFetch(
      server.url("/p.jpg"), prefixes: ProbedPrefixes(budget: 1 << 20))
    #expect(bytes == picture)
    #expect(server.requests.count == 1)
  }

  /// A header past the first read is read on from where it stopped, and the picture's fetch
  /// on from there.
  @Test func aSecondProbeReadContinuesTheFirst() async throws {
    let picture = try Self.fixture("jpeg-big-exif.jpg") + [UInt8](repeating: 1, count: 200_000)
    let served = Served(picture)
    let server = try Self.serve(served)
    defer { server.stop() }
    let bytes = try await probeThenFetch(
      server.url("/p.jpg"), prefixes: ProbedPrefixes(budget: 8 << 20))
    #expect(bytes == picture)
    #expect(served.sent.count == 3)
    #expect(served.sent.reduce(0, +) == picture.count)
  }

  @Test func aPictureTooBigStopsAtItsProbe() async throws {
    let picture = try Self.large(300_000)
    let served = Served(picture)
    let server = try Self.serve(served)
    defer { server.stop() }
    await #expect(throws: FeedError.self) {
      try await probeThenFetch(
        server.url("/p.jpg"), prefixes: ProbedPrefixes(budget: 1 << 20), maxBytes: 100_000)
    }
    #expect(server.requests.count == 1)
  }

  @Test func theOldestPrefixesGoPastTheBudget() {
    let prefixes = ProbedPrefixes(budget: 250)
    for name in ["a", "b", "c"] {
      prefixes.keep(.init(bytes: [UInt8](repeating: 1, count: 100)), for: name)
    }
    #expect(prefixes.byteCount == 200)
    #expect(prefixes.take("a") == nil)
    #expect(prefixes.take("c")?.bytes.count == 100)
    #expect(prefixes.byteCount == 100)
    ProbedPrefixes.keepingNothing.keep(.init(bytes: [1, 2, 3]), for: "a")
    #expect(ProbedPrefixes.keepingNothing.byteCount == 0)
  }
}

extension ProbedPrefixesTests {
  /// A fetch that fails (or is cancelled, its box scrolled away) gives the probe's bytes back:
  /// the next fetch continues them rather than reading the picture from its start.
  @Test func aFailedFetchLeavesThePrefixForTheNext() async throws {
    let picture = try Self.large(300_000)
    let served = Served(picture)
    let failing = Locked(true)
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/p.jpg") { request in
      if request.headers["range"] == "bytes=65536-", failing.withLock({ $0 }) {
        failing.withLock { $0 = false }
        return .status(503)
      }
      return served.answer(request)
    }
    let prefixes = ProbedPrefixes(budget: 1 << 20)
    let url = server.url("/p.jpg")
    await #expect(throws: FeedError.self) {
      try await probeThenFetch(url, prefixes: prefixes)
    }
    let bytes = try await PictureFetch.fetch(
      .web(url), options: LoadOptions.patient, maxBytes: 8 << 20, prefixes: prefixes
    ).bytes
    #expect(bytes == picture)
    #expect(server.requests.last?.headers["range"] == "bytes=65536-")
  }
}

extension ProbedPrefixesTests {
  /// A continuation cut off after some of the rest keeps what came: the next fetch asks only
  /// for what is still missing.
  @Test func aContinuationCutShortKeepsWhatItGot() async throws {
    let picture = try Self.large(300_000)
    let served = Served(picture)
    let cut = Locked(true)
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/p.jpg") { request in
      guard request.headers["range"] == "bytes=65536-", cut.withLock({ $0 }) else {
        return served.answer(request)
      }
      cut.withLock { $0 = false }
      return .closeMidAnswer(
        status: 206,
        headers: ["Content-Range": "bytes 65536-299999/300000", "ETag": "\"v1\""],
        declaredLength: 300_000 - 65_536, body: Array(picture[65_536..<115_536]))
    }
    let prefixes = ProbedPrefixes(budget: 1 << 20)
    let url = server.url("/p.jpg")
    await #expect(throws: FeedError.self) {
      try await probeThenFetch(url, prefixes: prefixes)
    }
    #expect(prefixes.byteCount == 115_536)
    let bytes = try await PictureFetch.fetch(
      .web(url), options: LoadOptions.patient, maxBytes: 8 << 20, prefixes: prefixes
    ).bytes
    #expect(bytes == picture)
    #expect(server.requests.last?.headers["range"] == "bytes=115536-")
  }
}
