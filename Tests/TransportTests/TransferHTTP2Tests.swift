import Foundation
import TestSupport
import Testing

@testable import Transport

/// Against a real HTTP/2 server (nghttpd over TLS, its authority made for the run): the
/// transfers to one server go as streams of one connection, which is why the picture loader
/// counts connections to a server, not transfers, once an answer says it shares them.
@Suite(.enabled(if: TestH2Server.isAvailable))
struct TransferHTTP2Tests {
  /// Twelve transfers started together share one connection (each waits for the first to
  /// learn the server speaks HTTP/2, `CURLOPT_PIPEWAIT`); each answer says so.
  @Test func transfersToOneServerShareOneConnection() async throws {
    let server = try TestH2Server()
    defer { server.stop() }
    let pictures = (0..<12).map { index in Data((0..<2_000).map { UInt8(($0 + index) % 251) }) }
    for (index, bytes) in pictures.enumerated() { try server.serve("\(index).bin", bytes) }
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let trust = TransferTrust(bundle: server.authority.path)
    let urls = pictures.indices.map { server.url("/\($0).bin") }
    let fetched = try await withThrowingTaskGroup(of: (Int, FetchedBody).self) { group in
      for (index, url) in urls.enumerated() {
        group.addTask {
          let request = TransferRequest(url: url, userAgent: "t", trust: trust)
          return (index, try await transport.fetch(request))
        }
      }
      var all: [Int: FetchedBody] = [:]
      for try await (index, body) in group { all[index] = body }
      return all
    }
    for (index, bytes) in pictures.enumerated() {
      let body = try #require(fetched[index])
      #expect(body.bytes == Array(bytes))
      #expect(body.response.status == 200 && body.response.multiplexed)
    }
    #expect(server.requests == 12)
    #expect(server.connections == 1, "\(server.connections) connections")
  }

  /// The same server without its authority: its certificate is refused, and the failure says
  /// the secure connection failed. (So the trust handed over is what the first test used.)
  @Test func aServerSignedByAnUnknownAuthorityIsRefused() async throws {
    let server = try TestH2Server()
    defer { server.stop() }
    try server.serve("a.bin", Data([1, 2, 3]))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let request = TransferRequest(url: server.url("/a.bin"), userAgent: "t", trust: TransferTrust())
    await #expect {
      _ = try await transport.fetch(request)
    } throws: { error in
      guard case .connection(_, .tls, let detail) = error as? TransferError else { return false }
      return detail.contains("secure connection failed")
    }
  }
}

/// Which certificates the environment names, as curl's own command reads it.
@Suite struct TransferTrustTests {
  @Test func curlsBundleFirstThenOpenSSLsAndEmptyNamesNothing() {
    func trust(_ values: [String: String]) -> TransferTrust {
      TransferTrust(environment: { values[$0] })
    }
    #expect(trust([:]) == TransferTrust())
    #expect(
      trust(["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_FILE": "/b.pem"]).bundle == "/a.pem")
    #expect(trust(["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/b.pem"]).bundle == "/b.pem")
    #expect(trust(["SSL_CERT_DIR": "/certs"]) == TransferTrust(folder: "/certs"))
    #expect(trust(["SSL_CERT_FILE": "", "SSL_CERT_DIR": ""]) == TransferTrust())
  }
}
