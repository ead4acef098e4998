import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// A URL whose body is a picture (`cascade https://example.com/a.jpg`) is a feed of that one
/// picture, told from its bytes, not its name or type, as a picture file is.
@Suite struct PictureURLTests {
  @Test(arguments: ["/photo", "/photo.json"])
  func aPictureBodyIsAFeedOfOnePicture(path: String) async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let bytes = try [UInt8](
      Data(contentsOf: PictureFixtures.folder.appendingPathComponent("png-grey.png")))
    server.route(
      path,
      reply: .respond(
        status: 200, headers: ["Content-Type": "application/octet-stream"], body: bytes))
    let url = server.url(path)
    let session = FeedSession(source: .url(url), options: LoadOptions())
    guard case .replaced(let items, _, _) = await session.refresh() else {
      Issue.record("the picture did not open as a feed")
      return
    }
    let item = try #require(items.first)
    #expect(items.count == 1)
    #expect(item.imageURL == url)
    #expect(item.title == String(path.dropFirst()))
    #expect(item.hasSize)
  }

  @Test func aFormatGivenStillRefusesAPicture() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let bytes = try [UInt8](
      Data(contentsOf: PictureFixtures.folder.appendingPathComponent("png-grey.png")))
    server.route("/a.png", reply: .respond(status: 200, headers: [:], body: bytes))
    var options = LoadOptions()
    options.format = .json
    let session = FeedSession(source: .url(server.url("/a.png")), options: options)
    guard case .failed = await session.refresh() else {
      Issue.record("--format json read a picture")
      return
    }
  }
}
