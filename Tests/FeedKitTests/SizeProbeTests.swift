import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// Sizes read from pictures' headers over loopback, counting the bytes the server sends.
@Suite struct SizeProbeTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("PicturesTests/Fixtures")

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
      of: .unsized(imageURL: url), in: .url("http://127.0.0.1/feed.json"), options: LoadOptions())
  }

  @Test func probeOfAFiveMegabyteJPEGReadsAtMost64KiB() async throws {
    let picture = try Self.fixture("jpeg-baseline.jpg")
    let big = picture + [UInt8](repeating: 0, count: 5 << 20)
    let expected = try #require(
      try? await SizeProbe.size(
        of: .unsized(imageURL: Self.fixtures.appendingPathComponent("jpeg-baseline.jpg").path),
        in: .file("/feed.json"), options: LoadOptions()
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
    let first = try await SizeProbe.size(of: item, in: source, options: LoadOptions(), cache: cache)
      .get()
    let second = try await SizeProbe.size(
      of: item, in: source, options: LoadOptions(), cache: cache
    )
    .get()
    #expect(first == (width: 1, height: 1) && second == first)
    #expect(server.requests.count == 1)
  }
}
