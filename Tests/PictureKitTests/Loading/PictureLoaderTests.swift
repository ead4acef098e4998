import BrowserCore
import FeedKit
import Foundation
import Locking
import PictureCells
import Pictures
import TestSupport
import Testing

@testable import PictureKit

/// The picture loader against real files, the built-in sample pictures and a loopback server.
@Suite struct PictureLoaderTests {
  static let fixtures = PictureFixtures.folder

  /// Loads `keys` for a feed from `source` with a loader of its own; returns the result the
  /// loader posted for each.
  func load(
    _ keys: [PictureKey], from source: FeedSource, cache: PictureCache = PictureCache(),
    colorMode: CellColorMode = .direct, diskCache: PictureDiskCache? = nil,
    revalidate: Bool = false, background: UInt32 = 0
  ) async throws -> [PictureKey: String?] {
    let results = Locked<[PictureKey: String?]>([:])
    var configuration = PictureLoader.Configuration(source: source, colorMode: colorMode)
    configuration.load = .patient
    configuration.diskCache = diskCache
    configuration.background = background
    let loader = PictureLoader(configuration, cache: cache) { event in
      if case .pictureLoaded(let key, let failure) = event {
        results.withLock { $0[key] = failure }
      }
    }
    if revalidate { loader.revalidate() }
    loader.load(keys)
    // A safety net, not a measure: the loader's transfers resume on the test pool, which
    // other suites' synchronous work can hold for tens of seconds on a loaded machine.
    try await waitUntil { results.withLock({ $0.count }) >= Set(keys).count }
    return results.withLock { $0 }
  }

  @Test func aLocalFeedsPictureIsDrawnIntoTheCacheAtItsSize() async throws {
    let feed = FeedSource.file(Self.fixtures.appendingPathComponent("feed.json").path)
    // A square picture in a box of its shape (cells twice as tall as wide).
    let key = PictureKey(url: "png-rgb.png", columns: 10, rows: 5)
    let cache = PictureCache()
    let results = try await load([key], from: feed, cache: cache)
    #expect(results[key] == .some(nil))
    let picture = try #require(cache.picture(for: key))
    #expect(picture.columns == 10)
    #expect(picture.rows == 5)
    #expect(Set(picture.cells.map(\.foreground)).count > 1, "a picture, not one colour")
  }

  /// A box shaped by a size the feed got wrong (or a thumbnail's, or the size before an EXIF
  /// rotation): the picture keeps its own shape, in fewer cells for the view to centre. It
  /// was stretched to the box.
  @Test func aPictureKeepsItsShapeInABoxOfAnotherShape() async throws {
    let feed = FeedSource.file(Self.fixtures.appendingPathComponent("feed.json").path)
    let wide = PictureKey(url: "png-rgb.png", columns: 20, rows: 5)
    let tall = PictureKey(url: "gif-basic.gif", columns: 10, rows: 12)
    let cache = PictureCache()
    let results = try await load([wide, tall], from: feed, cache: cache)
    #expect(results[wide] == .some(nil) && results[tall] == .some(nil))
    let inWide = try #require(cache.picture(for: wide))
    #expect((inWide.columns, inWide.rows) == (10, 5))
    let inTall = try #require(cache.picture(for: tall))
    #expect((inTall.columns, inTall.rows) == (10, 5))
  }

  @Test func aShapeWithinATenthFillsItsBox() {
    let square = RGBAImage(width: 100, height: 100, pixels: Array(repeating: 0, count: 40_000))
    // 11 × 5 cells is 0.91 of a square at cells twice as tall as wide: filled.
    let near = PictureDecoding.cells(
      for: square, in: PictureKey(url: "a", columns: 11, rows: 5), cellAspect: 2)
    #expect(near == (11, 5))
    let far = PictureDecoding.cells(
      for: square, in: PictureKey(url: "a", columns: 14, rows: 5), cellAspect: 2)
    #expect(far == (10, 5))
    // Measured cells (kitty, sixel) of 10 × 22 pixels: the shape in their aspect.
    let measured = PictureDecoding.cells(
      for: square, in: PictureKey(url: "a", columns: 30, rows: 5), cellAspect: 2.2)
    #expect(measured == (11, 5))
  }

  @Test(arguments: ["png-corrupt.png", "jpeg-truncated.jpg", "png-huge-claim.png", "nothing.png"])
  func aBrokenPictureCostsOnlyItsBox(name: String) async throws {
    let feed = FeedSource.file(Self.fixtures.appendingPathComponent("feed.json").path)
    let bad = PictureKey(url: name, columns: 6, rows: 3)
    let good = PictureKey(url: "gif-basic.gif", columns: 6, rows: 3)
    let results = try await load([bad, good], from: feed)
    let failure = try #require(results[bad] ?? nil)
    #expect(!failure.isEmpty)
    #expect(failure.unicodeScalars.allSatisfy { $0.value >= 0x20 }, "a one-line reason")
    #expect(results[good] == .some(nil))
  }

  @Test func aNetworkFeedNeverReadsALocalFile() async throws {
    let path = Self.fixtures.appendingPathComponent("png-rgb.png").path
    let key = PictureKey(url: "file://" + path, columns: 4, rows: 2)
    let results = try await load([key], from: .url("http://127.0.0.1:9/feed.json"))
    let failure = try #require(results[key] ?? nil)
    #expect(failure.contains("http(s)"), "\(failure)")
  }

  @Test func theSampleFeedsPicturesAreBuiltIn() async throws {
    let key = PictureKey(url: "pictures/brick-wall.png", columns: 8, rows: 8)
    let results = try await load([key], from: .sample)
    #expect(results[key] == .some(nil))
  }

  @Test func aWebPictureIsFetchedOnceThenServedFromTheDiskCache() async throws {
    let server = try TestHTTPServer()
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png")))
    let hits = Locked(0)
    server.route("/a.png") { _ in
      hits.withLock { $0 += 1 }
      return .respond(status: 200, headers: ["Content-Type": "image/png"], body: bytes)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let disk = try #require(PictureDiskCache(directory: folder, budget: 1 << 20))
    let feed = FeedSource.url(server.url("/feed.json"))
    for size in [3, 4] {
      let key = PictureKey(url: server.url("/a.png"), columns: size, rows: size)
      let results = try await load([key], from: feed, colorMode: .palette256, diskCache: disk)
      #expect(results[key] == .some(nil))
    }
    #expect(hits.withLock { $0 } == 1, "the second size came from the disk cache")
    // After a refresh the picture is read from the web once more, then cached again.
    let again = PictureKey(url: server.url("/a.png"), columns: 3, rows: 3)
    _ = try await load([again], from: feed, diskCache: disk, revalidate: true)
    #expect(hits.withLock { $0 } == 2, "a refresh reads the web again")
  }

  /// A captive portal's page (or a picture cut short) is not kept by the disk cache; bytes it
  /// kept that do not decode (from an older run) are dropped and fetched again, once. Every
  /// later run said "not a picture" until --no-cache.
  @Test func theDiskCacheKeepsOnlyPicturesAndDropsWhatDoesNotDecode() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png")))
    let portal = Array("<html><body>Log in to the Wi-Fi</body></html>".utf8)
    let served = Locked<[[UInt8]]>([portal, Array(bytes.prefix(bytes.count / 2)), bytes])
    let hits = Locked(0)
    server.route("/a.png") { _ in
      hits.withLock { $0 += 1 }
      let body = served.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
      return .respond(status: 200, headers: ["Content-Type": "image/png"], body: body)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let disk = try #require(PictureDiskCache(directory: folder, budget: 1 << 20))
    let feed = FeedSource.url(server.url("/feed.json"))
    let url = server.url("/a.png")
    let key = PictureKey(url: url, columns: 4, rows: 4)
    // The portal's page, then the picture cut short: each shown as what it is, neither kept.
    for _ in 0..<2 {
      let failure = try await load([key], from: feed, diskCache: disk)[key]
      #expect(failure != nil && failure! != nil)
      #expect(disk.bytes(for: url) == nil)
    }
    // What an older run kept: a page under the picture's URL.
    disk.store(portal, for: url)
    let results = try await load([key], from: feed, diskCache: disk)
    #expect(results[key] == .some(nil), "the kept page was dropped and the picture fetched")
    #expect(hits.withLock { $0 } == 3)
    #expect(disk.bytes(for: url) == bytes)
  }

  /// Four pictures dripping from one server at a byte a second held every job the loader had,
  /// and twelve pictures from another server stayed blank until the slow ones ended (300 s).
  @Test func aSlowServerNeverHoldsAnotherServersPicturesBack() async throws {
    let slow = try TestHTTPServer()
    let fast = try TestHTTPServer()
    defer {
      slow.stop()
      fast.stop()
    }
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png")))
    for n in 0..<4 { slow.route("/\(n).png", reply: .drip(body: bytes, interval: 1)) }
    for n in 0..<12 {
      fast.route(
        "/\(n).png",
        reply: .respond(status: 200, headers: ["Content-Type": "image/png"], body: bytes))
    }
    let results = Locked<[PictureKey: String?]>([:])
    var configuration = PictureLoader.Configuration(
      source: .url(fast.url("/feed.json")), colorMode: .direct)
    configuration.load = .patient
    let loader = PictureLoader(configuration, cache: PictureCache()) { event in
      if case .pictureLoaded(let key, let failure) = event {
        results.withLock { $0[key] = failure }
      }
    }
    let slowKeys = (0..<4).map { PictureKey(url: slow.url("/\($0).png"), columns: 4, rows: 4) }
    let fastKeys = (0..<12).map { PictureKey(url: fast.url("/\($0).png"), columns: 4, rows: 4) }
    loader.load(slowKeys)
    try await waitUntil { slow.requests.count == 4 }
    loader.load(fastKeys)
    try await waitUntil {
      results.withLock { state in fastKeys.allSatisfy { state[$0] != nil } }
    }
    results.withLock { state in
      for key in fastKeys { #expect(state[key] == .some(nil), "\(key.url) was not drawn") }
      for key in slowKeys { #expect(state[key] == nil, "\(key.url) cannot have arrived yet") }
    }
    loader.cancel(slowKeys)
  }

  /// A folder of one picture, `a.png` (a copy of a fixture), with a disk cache of its own.
  struct CachedPicture {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-cells-\(UUID().uuidString)")
    var picture: URL { folder.appendingPathComponent("a.png") }
    var feed: FeedSource { .file(folder.appendingPathComponent("feed.json").path) }
    let key = PictureKey(url: "a.png", columns: 5, rows: 3)
    let disk: PictureDiskCache

    init(copying fixture: String) throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(contentsOf: PictureLoaderTests.fixtures.appendingPathComponent(fixture))
        .write(to: folder.appendingPathComponent("a.png"))
      disk = try #require(PictureDiskCache(directory: folder.path + "/cache", budget: 1 << 20))
    }

    /// Other bytes, no picture, of the same size and modification time: only drawn cells
    /// kept on disk can still show it.
    func spoil() throws {
      let attributes = try FileManager.default.attributesOfItem(atPath: picture.path)
      let size = (attributes[.size] as? Int) ?? 0
      try Data(repeating: 0x55, count: size).write(to: picture)
      try FileManager.default.setAttributes(
        [.modificationDate: attributes[.modificationDate] as Any], ofItemAtPath: picture.path)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test func aFileDrawnOnceIsReadBackFromTheDiskCacheUntilItChanges() async throws {
    let cached = try CachedPicture(copying: "png-rgb.png")
    defer { cached.remove() }
    func drawn() async throws -> String?? {
      try await load([cached.key], from: cached.feed, diskCache: cached.disk)[cached.key]
    }
    #expect(try await drawn() == .some(nil))
    // Same size and modification time, other bytes: the drawn cells are served, not a decode.
    try cached.spoil()
    #expect(try await drawn() == .some(nil))
    // A later modification time: drawn afresh, and these bytes are no picture.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: cached.picture.path)
    let failure = try await drawn()
    #expect(failure != nil && failure! != nil)
  }

  /// Cells drawn over one terminal's background are not served to another's: the same
  /// picture is drawn again (here: found to be no picture any more) when the background differs.
  @Test func drawnCellsAreKeptPerBackground() async throws {
    let cached = try CachedPicture(copying: "png-rgba.png")
    defer { cached.remove() }
    func drawn(over background: UInt32) async throws -> String?? {
      try await load(
        [cached.key], from: cached.feed, diskCache: cached.disk, background: background)[
          cached.key]
    }
    #expect(try await drawn(over: 0xFFFFFF) == .some(nil))
    try cached.spoil()
    #expect(try await drawn(over: 0xFFFFFF) == .some(nil))
    let other = try await drawn(over: 0x000000)
    #expect(other != nil && other! != nil, "cells drawn over white served for black")
  }

  @Test func aSlowOrFailingServerCostsOnlyItsOwnPictures() async throws {
    let server = try TestHTTPServer()
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png")))
    server.route("/ok.png", reply: .respond(status: 200, headers: [:], body: bytes))
    server.route("/error.png", reply: .status(500))
    server.route("/html.png", reply: .json("<html>not a picture</html>"))
    // The slow one is held until the others are reported, so "still on its way" is what the
    // server sees, not a race between a drip and a loaded machine.
    let gate = Gate()
    defer { gate.open() }
    server.route("/slow.png") { _ in
      gate.wait()
      return .respond(status: 200, headers: [:], body: bytes)
    }
    let feed = FeedSource.url(server.url("/feed.json"))
    let keys = ["/slow.png", "/error.png", "/html.png", "/ok.png"].map {
      PictureKey(url: server.url($0), columns: 4, rows: 2)
    }
    let results = Locked<[PictureKey: (String?, ContinuousClock.Instant)]>([:])
    var configuration = PictureLoader.Configuration(source: feed, colorMode: .palette16)
    configuration.load = .patient
    configuration.jobs = 2
    let loader = PictureLoader(configuration, cache: PictureCache()) { event in
      if case .pictureLoaded(let key, let failure) = event {
        results.withLock { $0[key] = (failure, ContinuousClock.now) }
      }
    }
    loader.load(keys)
    // A guard against a hang only.
    let deadline = ContinuousClock.now + .seconds(600)
    // The three quick ones, in whatever order they end (the error and the HTML page ended
    // after the good picture under the thread sanitizer).
    while results.withLock({ done in keys[1...].contains { done[$0] == nil } }),
      ContinuousClock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    let done = results.withLock { $0 }
    #expect(done[keys[3]]?.0 == .some(nil), "the good picture is drawn")
    #expect(
      (done[keys[1]]?.0 ?? nil)?.contains("500") == true, "\(String(describing: done[keys[1]]))")
    #expect(done[keys[2]]?.0 != nil, "an HTML page is no picture")
    // Two at a time, and the slow one holds one of them for seconds: the rest went through the
    // other while it was still on its way.
    #expect(done[keys[0]] == nil, "the slow one is still on its way")
  }
}
