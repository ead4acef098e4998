import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit
@testable import PictureKit

/// One picture's transfer from the web.
@Suite struct PictureFetchTests {
  /// A picture dripping a byte a second ran to the page's 300 s; it ends at the picture's own
  /// deadline, with an error that names the flag.
  @Test func aDrippingPictureEndsAtItsOwnDeadline() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a.png", reply: .drip(body: [UInt8](repeating: 1, count: 1_000), interval: 0.2))
    var options = LoadOptions()
    options.pictureTime = 0.5
    let start = ContinuousClock.now
    let error = await #expect(throws: FeedError.self) {
      try await PictureFetch.bytes(
        of: .web(server.url("/a.png")), options: options, maxBytes: 1 << 20)
    }
    #expect(
      error
        == .limitExceeded(source: server.url("/a.png"), limit: .pictureTime(0.5), location: nil))
    #expect(error?.description.contains("allow longer with LoadOptions.pictureTime") == true)
    // Far below the 200 s the drip takes: the error above says which deadline ended it, and
    // a tighter bound here failed under a full parallel run, whose threads the test's own
    // wake-up waited for (6.7 s once; 0.5 s alone).
    #expect(ContinuousClock.now - start < .seconds(TimeBounds.scaled(60)))
  }

  /// The page's deadline, when shorter, is the one that ends a picture and is named.
  @Test func aShorterPageDeadlineStillRules() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a.png", reply: .drip(body: [UInt8](repeating: 1, count: 1_000), interval: 0.2))
    var options = LoadOptions()
    options.totalTime = 0.5
    let error = await #expect(throws: FeedError.self) {
      try await PictureFetch.bytes(
        of: .web(server.url("/a.png")), options: options, maxBytes: 1 << 20)
    }
    #expect(error?.description.contains("LoadOptions.totalTime") == true)
  }
}
