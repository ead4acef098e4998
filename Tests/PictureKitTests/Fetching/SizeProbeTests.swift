import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedKit
@testable import PictureKit

/// Sizes read from pictures' headers over loopback, counting the bytes the server sends.
@Suite struct SizeProbeTests {
  private static let fixtures = PictureFixtures.folder

  private static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  /// Serves `body` at `/p.jpg` honouring ranges; the body bytes each answer carried.
  private static func serve(_ body: [UInt8], on server: TestHTTPServer) -> SentBytes {
    let sent = SentBytes()
    server.route("/p.jpg") { request in
      let reply = TestHTTPServer.Reply.ranged(body, for: request)
      if case .respond(_, _, let bytes) = reply { sent.add(bytes.count) }
      return reply
    }
    return sent
  }

  private final class SentBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int] = []
    func add(_ count: Int) { lock.withLock { counts.append(count) } }
    var all: [Int] { lock.withLock { counts } }
  }

  private func probe(_ url: String) async -> Result<(width: Double, height: Double), FeedError> {
    await SizeProbe.size(
      of: .unsized(imageURL: url), in: .url("http://127.0.0.1/feed.json"),
      options: LoadOptions.patient)
  }

  @Test func probeOfAFiveMegabyteJPEGReadsAtMost64KiB() async throws {
    let picture = try Self.fixture("jpeg-baseline.jpg")
    let big = picture + [UInt8](repeating: 0, count: 5 << 20)
    let expected = try #require(
      try? await SizeProbe.size(
        of: .unsized(imageURL: Self.fixtures.appendingPathComponent("jpeg-baseline.jpg").path),
        in: .file("/feed.json"), options: LoadOptions.patient
      ).get())
    let server = try TestHTTPServer()
    defer { server.stop() }
    let sent = Self.serve(big, on: server)
    let size = try await probe(server.url("/p.jpg")).get()
    #expect(size == expected)
    #expect(sent.all.count == 1)
    #expect(sent.all.reduce(0, +) <= 64 << 10)
  }

  @Test func headerFurtherInTakesASecondLongerRead() async throws {
    let picture = try Self.fixture("jpeg-big-exif.jpg")
    try #require(picture.count > 64 << 10, "the fixture's EXIF must pass the first read")
    let server = try TestHTTPServer()
    defer { server.stop() }
    let sent = Self.serve(picture, on: server)
    let size = try await probe(server.url("/p.jpg")).get()
    #expect(size.width > 0 && size.height > 0)
    #expect(sent.all.count == 2)
    #expect(sent.all[0] == 64 << 10)
  }

  @Test func serverIgnoringRangesIsCutOff() async throws {
    let picture = try Self.fixture("png-1x1.png") + [UInt8](repeating: 7, count: 8 << 20)
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/p.jpg", reply: .respond(status: 200, headers: [:], body: picture))
    let size = try await probe(server.url("/p.jpg")).get()
    #expect(size == (width: 1, height: 1))
  }

  @Test func unreadableHeaderIsAFailureWithTheReason() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    _ = Self.serve(Array("<html>not a picture</html>".utf8), on: server)
    guard case .failure(.unreadable(_, let detail)) = await probe(server.url("/p.jpg")) else {
      Issue.record("expected an unreadable picture")
      return
    }
    #expect(!detail.isEmpty)
  }

  @Test func networkFeedCannotProbeALocalFile() async {
    guard case .failure(.refusedLink) = await probe("file:///etc/passwd") else {
      Issue.record("a network feed's item named a local file and it was read")
      return
    }
  }
}

extension SizeProbeTests {
  @Test func sizeIsKeptInThePictureCache() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = try #require(PictureDiskCache(directory: folder, budget: 1 << 20))
    let server = try TestHTTPServer()
    defer { server.stop() }
    let picture = try Self.fixture("png-1x1.png")
    server.route("/p.png") { .ranged(picture, for: $0) }
    let item = FeedItem.unsized(imageURL: server.url("/p.png"))
    let source = FeedSource.url(server.url("/feed.json"))
    let first = try await SizeProbe.size(
      of: item, in: source, options: LoadOptions.patient, cache: cache
    )
    .get()
    let second = try await SizeProbe.size(
      of: item, in: source, options: LoadOptions.patient, cache: cache
    )
    .get()
    #expect(first == (width: 1, height: 1) && second == first)
    #expect(server.requests.count == 1)
  }

  /// A picture smaller than the probe's range comes whole in its answer: it is kept as the
  /// picture, and drawing it fetches nothing more (it was fetched twice, 64 KiB and whole).
  /// A larger one's prefix is not kept as the picture.
  @Test func aSmallPictureIsFetchedOnceForItsSizeAndItsPixels() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = try #require(PictureDiskCache(directory: folder, budget: 8 << 20))
    let server = try TestHTTPServer()
    defer { server.stop() }
    let small = try Self.fixture("jpeg-baseline.jpg")
    let large = small + [UInt8](repeating: 0, count: 1 << 20)
    server.route("/small.jpg") { .ranged(small, for: $0) }
    server.route("/large.jpg") { .ranged(large, for: $0) }
    let source = FeedSource.url(server.url("/feed.json"))
    for name in ["/small.jpg", "/large.jpg"] {
      let item = FeedItem.unsized(imageURL: server.url(name))
      _ = try await SizeProbe.size(of: item, in: source, options: LoadOptions.patient, cache: cache)
        .get()
    }
    #expect(server.requests.count == 2, "one read each")
    let bytes = try await PictureFetch.bytes(
      of: .web(server.url("/small.jpg")), options: LoadOptions.patient, maxBytes: 1 << 20,
      cache: cache)
    #expect(bytes == small)
    #expect(server.requests.count == 2, "the small picture was fetched again")
    let whole = try await PictureFetch.bytes(
      of: .web(server.url("/large.jpg")), options: LoadOptions.patient, maxBytes: 2 << 20,
      cache: cache)
    #expect(whole == large && server.requests.count == 3)
  }

  /// Serves `count` copies of a 1×1 PNG, honouring ranges, each answer held at `gate`.
  private static func hold(_ count: Int, on server: TestHTTPServer, at gate: Gate) throws
    -> InFlight
  {
    let png = try fixture("png-1x1.png")
    return server.holdPictures(count, at: gate) { TestHTTPServer.Reply.ranged(png, for: $0) }
  }

  /// A screen of unsized pictures from one host is probed `probesPerServer` at a time, however
  /// many probes the caller allows at once, as the pictures themselves are fetched.
  @Test func oneServerGetsNoMoreProbesAtOnceThanItsShare() async throws {
    let server = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    let held = try Self.hold(20, on: server, at: gate)
    let items = (0..<20).map { FeedItem.unsized(imageURL: server.url("/\($0).png")) }
    let sized = Locked(0)
    let probing = Task {
      await SizeProbe.probe(
        Array(items.indices), of: items, in: .url(server.url("/feed.json")),
        options: LoadOptions.patient,
        concurrency: 16
      ) { _, result in if case .success = result { sized.withLock { $0 += 1 } } }
    }
    try await waitUntil { held.now == SizeProbe.probesPerServer }
    // Every probe waits at the gate: a seventh would have started by now if it were allowed.
    try await Task.sleep(for: .milliseconds(200))
    #expect(held.now == SizeProbe.probesPerServer)
    gate.open()
    await probing.value
    #expect(sized.withLock { $0 } == 20)
    #expect(held.most == SizeProbe.probesPerServer)
  }

  /// Probes waiting for a busy server let those for another server go first.
  @Test func aBusyServerDoesNotHoldUpAnothersProbes() async throws {
    let busy = try TestHTTPServer()
    let quick = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      busy.stop()
      quick.stop()
    }
    _ = try Self.hold(20, on: busy, at: gate)
    let png = try Self.fixture("png-1x1.png")
    for i in 0..<3 { quick.route("/\(i).png") { TestHTTPServer.Reply.ranged(png, for: $0) } }
    // The busy server's pictures come first in the order asked.
    let items =
      (0..<20).map { FeedItem.unsized(imageURL: busy.url("/\($0).png")) }
      + (0..<3).map { FeedItem.unsized(imageURL: quick.url("/\($0).png")) }
    let done = Locked<Set<Int>>([])
    let probing = Task {
      await SizeProbe.probe(
        Array(items.indices), of: items, in: .file("/nonexistent/feed.json"),
        options: LoadOptions.patient, concurrency: 16
      ) { index, result in if case .success = result { done.withLock { _ = $0.insert(index) } } }
    }
    try await waitUntil { done.withLock { $0 } == [20, 21, 22] }
    gate.open()
    await probing.value
    #expect(done.withLock { $0.count } == 23)
  }

  // MARK: Local files that are not pictures to read

  private func probeFile(_ path: String) async -> Result<(width: Double, height: Double), FeedError>
  {
    await SizeProbe.size(
      of: .unsized(imageURL: path), in: .file("/feed.json"), options: LoadOptions.patient)
  }

  private func reason(_ result: Result<(width: Double, height: Double), FeedError>) -> String? {
    guard case .failure(.unreadable(_, let detail)) = result else { return nil }
    return detail
  }

  /// A FIFO named as a picture once waited forever for a writer, holding `cascade layout`.
  @Test(.timeLimit(.minutes(1))) func probeOfAFIFOAnswersAtOnce() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/waiting.jpg"
    try #require(mkfifo(path, 0o600) == 0)
    #expect(reason(await probeFile(path)) == "not a regular file")
  }

  /// A device named as a picture is not opened for reading: `/dev/tty` took the user's keys.
  @Test func probeOfADeviceIsRefused() async {
    #expect(reason(await probeFile("/dev/null")) == "not a regular file")
  }

  @Test func probeOfAMissingFileSaysItIsMissing() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/gone.jpg"
    #expect(reason(await probeFile(path)) == "no such file; check the path")
  }

  /// A probe of a picture that drips a byte at a time gives up at `--picture-time`, the
  /// picture's deadline, not at `--total-time` (`cascade print` waited 305 s for one picture
  /// with `--picture-time 5`).
  @Test func aDrippingPictureGivesUpAtItsPictureTime() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let picture = try Self.fixture("jpeg-baseline.jpg")
    // Past the JPEG's start, so the header never completes in time.
    server.route(
      "/drip.jpg",
      reply: .drip(
        body: Array(picture.prefix(3)) + [0xFF] + [UInt8](repeating: 0xE1, count: 400),
        interval: 0.2))
    var options = LoadOptions()
    options.timeout = 30
    options.pictureTime = 1
    options.totalTime = 120
    let result = await SizeProbe.size(
      of: .unsized(imageURL: server.url("/drip.jpg")), in: .url(server.url("/feed.json")),
      options: options, prefixes: ProbedPrefixes(budget: 1 << 20))
    guard case .failure(.limitExceeded(_, .pictureTime(1), _)) = result else {
      Issue.record("\(result)")
      return
    }
  }

  /// A silent picture server is waited for once: its probe's timeout is the picture's, and the
  /// fetch that follows fails at once with it instead of waiting `--timeout` again.
  @Test func aSilentServerIsWaitedForOnce() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let asked = Locked(0)
    server.route("/quiet.png") { _ in
      asked.withLock { $0 += 1 }
      return .silence
    }
    var options = LoadOptions.patient
    options.timeout = 1
    let prefixes = ProbedPrefixes(budget: 1 << 20)
    let url = server.url("/quiet.png")
    let probed = await SizeProbe.size(
      of: .unsized(imageURL: url), in: .url(server.url("/feed.json")), options: options,
      prefixes: prefixes)
    guard case .failure(let failure) = probed else {
      Issue.record("\(probed)")
      return
    }
    await #expect(throws: failure) {
      try await PictureFetch.fetch(
        .web(url), options: options, maxBytes: 1 << 20, prefixes: prefixes)
    }
    #expect(asked.withLock { $0 } == 1, "the fetch asked the silent server again")
  }

  /// A probe's failure is the fetch's only until the picture's deadline.
  @Test func aProbesFailureLastsUntilItsDeadline() {
    let prefixes = ProbedPrefixes(budget: 0)
    let now = ContinuousClock.now
    let failure = FeedError.timedOut(url: "http://x/a.png", seconds: 15)
    prefixes.probeGaveUp("http://x/a.png", with: failure, until: now + .seconds(10))
    #expect(prefixes.probeFailure("http://x/a.png", at: now + .seconds(11)) == nil)
    prefixes.probeGaveUp("http://x/a.png", with: failure, until: now + .seconds(10))
    #expect(prefixes.probeFailure("http://x/a.png", at: now + .seconds(9)) == failure)
    #expect(prefixes.probeFailure("http://x/a.png", at: now) == nil, "taken out")
  }

  /// The feed's `--max-bytes` is not a probe's limit: with it at 1000 bytes, a picture served
  /// whole (ranges ignored) is still probed; it failed with the feed's wording, "the feed is
  /// too large or broken… --max-bytes".
  @Test func aProbeIsNotHeldToTheFeedsByteLimit() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let picture = try Self.fixture("jpeg-baseline.jpg") + [UInt8](repeating: 0, count: 200_000)
    server.route("/whole.jpg") { _ in
      .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: picture)
    }
    var options = LoadOptions.patient
    options.maxBytes = 1000
    let result = await SizeProbe.size(
      of: .unsized(imageURL: server.url("/whole.jpg")), in: .url(server.url("/feed.json")),
      options: options, prefixes: ProbedPrefixes(budget: 0))
    #expect((try? result.get()) != nil, "\(result)")
  }
}
