import Foundation
import TestSupport
import Testing

/// `cascade layout` over formats without sizes: probing the pictures' headers over loopback,
/// or `--no-probe`.
@Suite struct LayoutFormatsTests {
  /// The first bytes of a PNG of `width`×`height`: all a header reader needs.
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    let big = { (n: UInt32) in
      [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
      + Array("IHDR".utf8) + big(width) + big(height) + [8, 2, 0, 0, 0, 0, 0, 0, 0]
  }

  /// An Atom feed of three entries: a 40×20 picture, a picture whose size the feed gives
  /// (`media:thumbnail`), and a "picture" that is an HTML page.
  static func serveAtom(on server: TestHTTPServer) {
    let atom = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
        <title>Loopback</title><id>urn:x</id><updated>2024-01-01T00:00:00Z</updated>
        <entry><title>wide</title><id>1</id>
          <link rel="enclosure" type="image/png" href="\(server.url("/wide.png"))"/></entry>
        <entry><title>sized</title><id>2</id>
          <media:thumbnail url="\(server.url("/tall.png"))" width="10" height="30"/></entry>
        <entry><title>broken</title><id>3</id>
          <link rel="enclosure" type="image/png" href="\(server.url("/broken.png"))"/></entry>
      </feed>
      """
    server.route("/feed.xml", reply: .respond(status: 200, headers: [:], body: Array(atom.utf8)))
    let wide = pngHeader(width: 40, height: 20) + [UInt8](repeating: 0, count: 1000)
    server.route("/wide.png") { .ranged(wide, for: $0) }
    server.route("/broken.png", reply: .json("<html>gone</html>"))
  }

  @Test func layoutProbesSizesTheFeedLeavesOut() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.serveAtom(on: server)
    let result = try await CascadeProcess.run([
      "layout", "--width", "100", "--columns", "1", "--row-spacing", "0", server.url("/feed.xml"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let printed = try PrintedLayout(result)
    #expect(printed.items.map(\.height) == [50, 300])
    #expect(result.stderr.contains("skipped 1 item whose size could not be read (first: item 3"))
    #expect(!server.requests.contains { $0.path == "/tall.png" })
    let probe = try #require(server.requests.first { $0.path == "/wide.png" })
    #expect(probe.headers["range"] == "bytes=0-65535")
  }

  @Test func noProbeSkipsItemsWithoutASize() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.serveAtom(on: server)
    let result = try await CascadeProcess.run([
      "layout", "--width", "100", "--columns", "1", "--no-probe", server.url("/feed.xml"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try PrintedLayout(result).items.map(\.height) == [300])
    #expect(result.stderr.contains("skipped 2 items without a size (--no-probe)"))
    #expect(server.requests.map(\.path) == ["/feed.xml"])
  }

  @Test func layoutReadsAListOnStandardInputAndAFolder() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-layout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.pngHeader(width: 30, height: 60)).write(
      to: folder.appendingPathComponent("a.png"))
    try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let fromFolder = try await CascadeProcess.run([
      "layout", "--width", "10", "--columns", "1", folder.path,
    ])
    #expect(fromFolder.status == 0, "\(fromFolder.stderr)")
    #expect(try PrintedLayout(fromFolder).items.map(\.height) == [20])
    let list = Data((folder.appendingPathComponent("a.png").path + "\n").utf8)
    let fromList = try await CascadeProcess.run(
      ["layout", "--width", "10", "--columns", "1", "-"], stdin: list)
    #expect(fromList.status == 0, "\(fromList.stderr)")
    #expect(try PrintedLayout(fromList).items.map(\.height) == [20])
  }

  @Test func formatFlagOverridesDetection() async throws {
    let feed = try CascadeProcess.temporaryFile(#"{"data": []}"#)
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run([
      "layout", "--width", "10", "--format", "rss", feed.path,
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("malformed RSS at line 1"))
  }

  @Test func printReadsSizesBeforeDrawingItsSheet() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-print-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = folder.appendingPathComponent("tall.png")
    try Data(Self.pngHeader(width: 30, height: 60)).write(to: picture)
    let list = folder.appendingPathComponent("list.txt")
    try Data((picture.path + "\n").utf8).write(to: list)
    let result = try await CascadeProcess.run([
      "print", "--no-images", "--width", "40", "--height", "12", list.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("30×60"))
  }
}
