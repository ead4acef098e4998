import Foundation
import TestSupport
import Testing

/// A feed and its pictures from an HTTP/2 server over TLS (nghttpd, its authority made for
/// the run), trusted as curl's own command does through `SSL_CERT_FILE`: `cascade print`
/// draws every picture, all of them as streams of the one connection.
@Suite(.enabled(if: TestH2Server.isAvailable))
struct SecureFeedEndToEndTests {
  static func serve(_ server: TestH2Server, pictures: Int) throws {
    let photo = try Data(
      contentsOf: PictureFixtures.folder.appendingPathComponent("jpeg-baseline.jpg"))
    var items: [String] = []
    for index in 0..<pictures {
      try server.serve("\(index).jpg", photo)
      items.append(#"{"image": "\#(server.url("/\(index).jpg"))", "title": "p\#(index)"}"#)
    }
    try server.serve("feed.json", Data("[\(items.joined(separator: ","))]".utf8))
  }

  @Test func aFeedOverHTTP2SharesOneConnectionForItsPictures() async throws {
    let server = try TestH2Server()
    defer { server.stop() }
    try Self.serve(server, pictures: 12)
    let cache = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-h2-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let result = try await CascadeProcess.run(
      ["print", server.url("/feed.json"), "--width", "80", "--columns", "4"],
      environment: [
        // curl's own variable goes first (and may name the system's bundle here).
        "CURL_CA_BUNDLE": "", "SSL_CERT_FILE": server.authority.path,
        "XDG_CACHE_HOME": cache.path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("could not draw"), "\(result.stderr)")
    // The feed, then its twelve pictures; a probe for a size would be a request more.
    #expect(server.requests >= 13)
    #expect(server.connections == 1, "\(server.connections) connections")
    // Pictures drawn: symbols in colour, not the boxes' sizes.
    #expect(result.stdout.components(separatedBy: "\u{1B}[").count > 200)
  }

  /// Without the authority named, the server's certificate is refused and the message says
  /// the secure connection failed, with a status a script can test.
  @Test func anUntrustedServerIsRefusedWithAMessage() async throws {
    let server = try TestH2Server()
    defer { server.stop() }
    try Self.serve(server, pictures: 1)
    let result = try await CascadeProcess.run(
      ["print", server.url("/feed.json"), "--width", "80"],
      environment: ["SSL_CERT_FILE": "", "CURL_CA_BUNDLE": ""])
    #expect(result.status != 0)
    #expect(result.stderr.contains("secure connection failed"), "\(result.stderr)")
  }
}
