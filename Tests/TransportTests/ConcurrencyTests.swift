import Foundation
import TestSupport
import Testing

@testable import Transport

/// Many transfers on one loop: none waits for another, cancelling one touches no other, and
/// nothing is left behind.
@Suite struct ConcurrencyTests {
  @Test func twoHundredTransfersWithHalfCancelledMidway() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let picture = (0..<96_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    server.route("/whole", reply: .respond(status: 200, headers: [:], body: picture))
    // Half the picture, then nothing: these are cancelled while they wait for the rest.
    server.route(
      "/half",
      reply: .stallAfter(body: Array(picture[0..<48_000]), declaredLength: picture.count))
    let transport = try #require(Transport())
    var whole: [Recorder] = []
    var cancelled: [(Recorder, TransferHandle)] = []
    for index in 0..<200 {
      let recorder = Recorder()
      let path = index.isMultiple(of: 2) ? "/whole" : "/half"
      let handle = transport.start(
        TransferRequest(
          url: server.url(path), userAgent: "t", limits: TransferLimits(idleTimeout: 600)),
        consumer: recorder.consumer)
      if index.isMultiple(of: 2) {
        whole.append(recorder)
      } else {
        cancelled.append((recorder, handle))
      }
    }
    try await waitUntil { cancelled.allSatisfy { $0.0.byteCount > 0 } }
    for (_, handle) in cancelled { handle.cancel() }
    try await waitUntil { (whole + cancelled.map(\.0)).allSatisfy(\.isFinished) }
    for recorder in whole {
      #expect(recorder.error == nil, "\(String(describing: recorder.error))")
      #expect(recorder.bytes == picture)
    }
    for (recorder, _) in cancelled {
      guard case .cancelled = recorder.error else {
        Issue.record("expected cancelled, got \(String(describing: recorder.result))")
        continue
      }
    }
    #expect(transport.liveHandleCount == 0)
    // The loop's thread ends with the transport: no thread is left behind.
    let thread = transport.loopThreadID
    #expect(thread > 0)
    transport.shutdown()
    try await waitUntil {
      transport.hasStopped && !FileManager.default.fileExists(atPath: "/proc/self/task/\(thread)")
    }
  }

  @Test func oneSlowTransferDoesNotDelayTheOthers() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/slow", reply: .endless(chunk: Array("x".utf8), interval: 0.05, headers: [:]))
    server.route("/fast", reply: .json("[1, 2, 3]"))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let slow = Recorder()
    transport.start(
      TransferRequest(url: server.url("/slow"), userAgent: "t"), consumer: slow.consumer)
    try await waitUntil { slow.chunks > 0 }
    let fast = (0..<20).map { _ in Recorder() }
    for recorder in fast {
      transport.start(
        TransferRequest(url: server.url("/fast"), userAgent: "t"), consumer: recorder.consumer)
    }
    try await waitUntil { fast.allSatisfy(\.isFinished) }
    #expect(fast.allSatisfy { $0.bytes == Array("[1, 2, 3]".utf8) })
    // All twenty completed while the slow one still runs.
    #expect(!slow.isFinished)
  }

  @Test func cancelBeforeTheLoopStartsItFinishesOnce() async throws {
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let recorder = Recorder()
    let handle = transport.start(
      TransferRequest(url: "http://127.0.0.1:9/never", userAgent: "t"), consumer: recorder.consumer
    )
    handle.cancel()
    handle.cancel()
    try await waitUntil { recorder.isFinished }
    guard case .cancelled = recorder.error else {
      // Port 9 may refuse before the cancel arrives; either way exactly one end.
      #expect(recorder.error != nil)
      return
    }
    #expect(transport.liveHandleCount == 0)
  }

  @Test func startAfterShutdownFinishesAsCancelled() async throws {
    let transport = try #require(Transport())
    transport.shutdown()
    try await waitUntil { transport.hasStopped }
    await #expect(throws: TransferError.cancelled(url: "http://127.0.0.1:9/x")) {
      try await transport.fetch(TransferRequest(url: "http://127.0.0.1:9/x", userAgent: "t"))
    }
  }
}
