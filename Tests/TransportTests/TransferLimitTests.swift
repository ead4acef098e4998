import Foundation
import TestSupport
import Testing

@testable import Transport

/// Each limit ends a hostile transfer on time, names itself, and costs bounded memory.
@Suite struct TransferLimitTests {
  static let megabyte: Int64 = 1_000_000

  /// Runs `reply` once with `limits`; returns the recorder and the seconds taken. Memory is
  /// bounded end to end, in a process of its own (`HostileNetworkCommandTests`): this process
  /// runs every other test beside these.
  func run(_ reply: TestHTTPServer.Reply, limits: TransferLimits) async throws
    -> (recorder: Recorder, seconds: Double)
  {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/x", reply: reply)
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let recorder = Recorder()
    let start = ContinuousClock.now
    transport.start(
      TransferRequest(url: server.url("/x"), userAgent: "test", limits: limits),
      consumer: recorder.consumer)
    try await waitUntil { recorder.isFinished }
    let seconds = recorder.seconds(since: start)
    return (recorder, seconds)
  }

  @Test func gzipBombStopsAtTheByteCapWithinTwoSeconds() async throws {
    let bomb = GzipBomb.make(decodedBytes: 1 << 30)
    #expect(bomb.count < 8_000_000)
    let reply = TestHTTPServer.Reply.respond(
      status: 200, headers: ["Content-Encoding": "gzip"], body: bomb)
    let (recorder, seconds) = try await run(
      reply, limits: TransferLimits(maxBytes: Self.megabyte))
    guard case .tooLarge(_, Self.megabyte) = recorder.error else {
      Issue.record("expected tooLarge, got \(String(describing: recorder.result))")
      return
    }
    #expect(recorder.byteCount <= Int(Self.megabyte))
    #expect(seconds < TimeBounds.scaled(2))
  }

  @Test func smallBombDecodesWhole() async throws {
    // The same construction, small enough to finish: proves the bomb is real gzip.
    let reply = TestHTTPServer.Reply.respond(
      status: 200, headers: ["Content-Encoding": "gzip"],
      body: GzipBomb.make(decodedBytes: 600_000))
    let (recorder, _) = try await run(reply, limits: TransferLimits())
    #expect(recorder.error == nil, "\(String(describing: recorder.error))")
    #expect(recorder.byteCount == 1 + 3 * 258_000)
    #expect(recorder.bytes.allSatisfy { $0 == 0 })
  }

  /// An endless body in 64 KiB chunks, and a storm of 38-byte chunks.
  @Test(arguments: [65_536, 38])
  func endlessBodyStopsAtTheByteCap(chunkSize: Int) async throws {
    let name = "\(chunkSize)-byte chunks"
    let reply = TestHTTPServer.Reply.endless(
      chunk: [UInt8](repeating: 32, count: chunkSize), interval: 0, headers: [:])
    let (recorder, seconds) = try await run(
      reply, limits: TransferLimits(maxBytes: Self.megabyte))
    guard case .tooLarge(_, Self.megabyte) = recorder.error else {
      Issue.record("\(name): expected tooLarge, got \(String(describing: recorder.result))")
      return
    }
    #expect(seconds < TimeBounds.scaled(2), "\(name) took \(seconds) s")
  }

  /// The total clock runs from the start, so on a loaded machine (or under a sanitizer) the
  /// connection alone can take a second: the limit grows with the load, as the bounds do.
  @Test func dripStopsAtTheTotalTimeWhileBytesKeepArriving() async throws {
    let total = TimeBounds.scaled(1)
    let reply = TestHTTPServer.Reply.endless(
      chunk: [UInt8](repeating: 32, count: 38), interval: 0.02, headers: [:])
    let (recorder, seconds) = try await run(
      reply, limits: TransferLimits(idleTimeout: 5 * total, totalTime: total))
    guard case .timedOut(_, .total, let limit) = recorder.error, limit == total else {
      Issue.record("expected the total time \(total), got \(String(describing: recorder.result))")
      return
    }
    // The drip kept the idle clock from ever firing: bytes arrived until the end.
    #expect(recorder.chunks > 5)
    #expect(seconds >= total)
    #expect(seconds < total + TimeBounds.scaled(1.5))
  }

  @Test func silenceStopsAtTheIdleTimeout() async throws {
    let (recorder, seconds) = try await run(
      .silence, limits: TransferLimits(idleTimeout: 0.3))
    guard case .timedOut(_, .idle, 0.3) = recorder.error else {
      Issue.record("expected the idle timeout, got \(String(describing: recorder.result))")
      return
    }
    #expect(seconds >= 0.3)
  }

  @Test func endlessHeadersStopAtTheHeaderCap() async throws {
    let (recorder, seconds) = try await run(
      .endlessHeaders(lineLength: 1000), limits: TransferLimits(maxHeaderBytes: 64 << 10))
    guard case .headersTooLarge(_, 65_536) = recorder.error else {
      Issue.record("expected headersTooLarge, got \(String(describing: recorder.result))")
      return
    }
    #expect(seconds < TimeBounds.scaled(2))
  }

  /// One header line over libcurl's 100 KB, within the headers' cap: reported as "Out of
  /// memory".
  @Test func aHeaderLineOverLibcurlsLimitIsSaidToBeOne() async throws {
    let (recorder, _) = try await run(
      .endlessHeaders(lineLength: 150_000), limits: TransferLimits(maxHeaderBytes: 1 << 20))
    guard case .headerLineTooLong(_, 102_400) = recorder.error else {
      Issue.record("expected headerLineTooLong, got \(String(describing: recorder.result))")
      return
    }
    #expect(recorder.error?.description.contains("header line is longer than 102400 bytes") == true)
  }

  @Test func contentLengthOverTheCapIsRefusedBeforeTheBody() async throws {
    let body = [UInt8](repeating: 1, count: 5000)
    let (recorder, _) = try await run(
      .respond(status: 200, headers: [:], body: body), limits: TransferLimits(maxBytes: 4000))
    guard case .tooLarge(_, 4000) = recorder.error else {
      Issue.record("expected tooLarge, got \(String(describing: recorder.result))")
      return
    }
    #expect(recorder.byteCount == 0)
  }

  @Test func resetMidBodyIsAConnectionError() async throws {
    let (recorder, _) = try await run(
      .resetMidBody(declaredLength: 100_000, body: [UInt8](repeating: 1, count: 1000)),
      limits: TransferLimits())
    guard case .connection(_, let failure, _) = recorder.error else {
      Issue.record("expected a connection error, got \(String(describing: recorder.result))")
      return
    }
    #expect(failure == .reset || failure == .closedEarly)
  }

  @Test func outOfRangeLimitsAreClamped() {
    let huge = TransferLimits(connectTimeout: 1e16, idleTimeout: .nan, totalTime: .infinity)
    #expect(huge.connectTimeout == TransferLimits.secondsRange.upperBound)
    #expect(huge.idleTimeout == TransferLimits.secondsRange.upperBound)
    #expect(huge.totalTime == TransferLimits.secondsRange.upperBound)
    var small = TransferLimits(maxBytes: -5, idleTimeout: -1, maxRedirects: -3)
    #expect(small.maxBytes == 0)
    #expect(small.idleTimeout == TransferLimits.secondsRange.lowerBound)
    #expect(small.maxRedirects == 0)
    small.totalTime = -2
    #expect(small.totalTime == TransferLimits.secondsRange.lowerBound)
  }

  @Test func hugeTimeoutsStillLoad() async throws {
    let (recorder, _) = try await run(
      .respond(status: 200, headers: [:], body: Array("hello".utf8)),
      limits: TransferLimits(connectTimeout: 1e16, idleTimeout: 1e300, totalTime: 9.3e15))
    #expect(recorder.bytes == Array("hello".utf8))
  }
}
