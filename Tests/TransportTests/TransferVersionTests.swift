import Foundation
import TestSupport
import Testing

@testable import Transport

/// Whether an answer came over a connection many transfers share (HTTP/2 and later): the
/// picture loader counts connections to a server, not transfers, from it. No HTTP/2 server
/// runs here (Python has none, and libcurl asks for HTTP/2 over TLS only), so the status line
/// libcurl hands over is given to the transfer as it would come; over HTTP/1.1 a real one.
@Suite struct TransferVersionTests {
  @Test(arguments: [
    ("HTTP/2 200\r\n", true), ("HTTP/3 200\r\n", true), ("HTTP/1.1 200 OK\r\n", false),
  ])
  func theStatusLineSaysWhetherTheConnectionIsShared(line: String, shared: Bool) throws {
    let consumer = TransferConsumer(chunk: { _ in .accepted }, finish: { _ in })
    let transfer = try #require(
      Transfer(
        id: 1, request: TransferRequest(url: "https://example.com/a.png", userAgent: "t"),
        consumer: consumer, now: 0))
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { transfer.receiveHeader($0, now: 0) }
    #expect(transfer.response.multiplexed == shared)
  }

  @Test func anHTTP11AnswerIsNotShared() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a", reply: .respond(status: 200, headers: [:], body: [1, 2, 3]))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let fetched = try await transport.fetch(
      TransferRequest(url: server.url("/a"), userAgent: "t"))
    #expect(fetched.bytes == [1, 2, 3])
    #expect(!fetched.response.multiplexed)
  }

  /// `byteRangeFrom` asks for the rest of a body: `Range: bytes=N-`.
  @Test func anOpenRangeAsksForTheRest() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = (0..<100).map { UInt8($0) }
    server.route("/a") { .ranged(body, for: $0) }
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let fetched = try await transport.fetch(
      TransferRequest(url: server.url("/a"), userAgent: "t", byteRangeFrom: 60))
    #expect(server.requests.last?.headers["range"] == "bytes=60-")
    #expect(fetched.response.status == 206 && fetched.bytes == Array(body[60...]))
  }
}
