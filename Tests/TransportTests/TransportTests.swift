import Foundation
import TestSupport
import Testing

@testable import Transport

/// What one transfer sends and gets back.
@Suite struct TransportTests {
  @Test func sendsUserAgentRangeAndAcceptEncodingAndReportsHeaders() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/pic",
      reply: .respond(
        status: 206,
        headers: ["Content-Type": "image/png", "Content-Range": "bytes 10-19/100"],
        body: [UInt8](repeating: 7, count: 10)))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let fetched = try await transport.fetch(
      TransferRequest(
        url: server.url("/pic"), userAgent: "Cascade/9", byteRange: 10...19,
        headers: ["Accept: image/*"]))
    #expect(fetched.response.status == 206)
    #expect(fetched.response.header("Content-Range") == "bytes 10-19/100")
    #expect(fetched.response.header("content-type") == "image/png")
    #expect(fetched.bytes == [UInt8](repeating: 7, count: 10))
    let request = try #require(server.requests.first)
    #expect(request.headers["user-agent"] == "Cascade/9")
    #expect(request.headers["range"] == "bytes=10-19")
    #expect(request.headers["accept"] == "image/*")
    #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
  }

  @Test(arguments: [404, 500, 304])
  func statusOutside2xxIsAnError(status: Int) async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/x", reply: .status(status))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    await #expect(throws: TransferError.httpStatus(url: server.url("/x"), status: status)) {
      try await transport.fetch(TransferRequest(url: server.url("/x"), userAgent: "t"))
    }
  }

  @Test func refusedConnectionIsAConnectionError() async throws {
    let server = try TestHTTPServer()
    let url = server.url("/x")
    server.stop()
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    do {
      _ = try await transport.fetch(TransferRequest(url: url, userAgent: "t"))
      Issue.record("a stopped server answered")
    } catch {
      #expect(error == .connection(url: url, failure: .refused, detail: detail(of: error)))
    }
  }

  @Test(arguments: ["ftp://127.0.0.1/x", "file:///etc/passwd"])
  func onlyHTTPIsFetched(url: String) async throws {
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    do {
      _ = try await transport.fetch(TransferRequest(url: url, userAgent: "t"))
      Issue.record("fetched \(url)")
    } catch {
      guard case .connection(url, .other, _) = error else {
        Issue.record("expected a refusal, got \(error)")
        return
      }
    }
  }

  @Test func cancellingTheTaskCancelsTheTransfer() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/x", reply: .silence)
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let url = server.url("/x")
    let task = Task {
      try await transport.fetch(TransferRequest(url: url, userAgent: "t"))
    }
    try await waitUntil { server.requests.count == 1 }
    task.cancel()
    await #expect(throws: TransferError.cancelled(url: url)) { try await task.value }
    try await waitUntil { transport.liveHandleCount == 0 }
  }

  @Test func pausedTransferResumesAndDeliversEveryByteInOrder() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    server.route("/x", reply: .chunked(body: body, headers: [:]))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let recorder = Recorder()
    recorder.pauseAtNextChunk()
    let handle = transport.start(
      TransferRequest(url: server.url("/x"), userAgent: "t"), consumer: recorder.consumer)
    // The first chunk was refused: nothing is delivered until the consumer asks again.
    try await waitUntil { server.requests.count == 1 && recorder.response != nil }
    #expect(recorder.byteCount == 0)
    #expect(!recorder.isFinished)
    handle.resume()
    try await waitUntil { recorder.isFinished }
    #expect(recorder.error == nil)
    #expect(recorder.bytes == body)
  }
}

/// The detail of a connection error, so a test can compare the rest exactly.
private func detail(of error: TransferError) -> String {
  guard case .connection(_, _, let detail) = error else { return "" }
  return detail
}
