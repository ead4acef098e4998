import BrowserCore
import FeedKit
import FeedModel
import Foundation
import Locking
import PictureCells
import Pictures
import Testing

@testable import PictureKit

/// A zoomed full screen draws a window of the decoded picture; every picture read says its
/// format, decoded size and file size for the details.
@Suite struct PictureLoaderZoomTests {
  /// A 200 × 200 picture, red on its left half and blue on its right, in a folder of its own
  /// with a feed file beside it (the loader reads pictures relative to the feed).
  static func halves() throws -> (feed: FeedSource, folder: URL, bytes: Int) {
    var pixels: [UInt8] = []
    for _ in 0..<200 {
      for x in 0..<200 { pixels += x < 100 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    let png = try #require(PNGEncoder.encode(RGBAImage(width: 200, height: 200, pixels: pixels)))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-zoom-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(png).write(to: folder.appendingPathComponent("halves.png"))
    let feed = folder.appendingPathComponent("feed.json")
    try Data(#"[{"img": "halves.png", "width": 200, "height": 200}]"#.utf8).write(to: feed)
    return (.file(feed.path), folder, png.count)
  }

  /// The events the loader posts while it draws `keys`.
  func load(_ keys: [PictureKey], from source: FeedSource, cache: PictureCache) async throws
    -> [Event]
  {
    let events = Locked<[Event]>([])
    let loaded = Locked(0)
    var configuration = PictureLoader.Configuration(source: source, colorMode: .direct)
    configuration.load = .patient
    let loader = PictureLoader(configuration, cache: cache) { event in
      events.withLock { $0.append(event) }
      if case .pictureLoaded = event { loaded.withLock { $0 += 1 } }
    }
    loader.load(keys)
    let deadline = ContinuousClock.now + .seconds(30)
    while loaded.withLock({ $0 }) < keys.count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    return events.withLock { $0 }
  }

  static func colours(_ picture: SymbolPicture) -> Set<CellColor> {
    Set(picture.cells.flatMap { [$0.foreground, $0.background] })
  }

  @Test func aZoomedKeyDrawsTheWindowFromTheDecodedPicture() async throws {
    let (feed, folder, _) = try Self.halves()
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = PictureKey(url: "halves.png", columns: 20, rows: 10, fullScreen: true)
    // 2×, the window over the left half: red only, though the cells are as many.
    var left = whole
    left.crop = PictureCrop(x: 0, y: 2_500, width: 5_000, height: 5_000)
    var right = whole
    right.crop = PictureCrop(x: 5_000, y: 2_500, width: 5_000, height: 5_000)
    let cache = PictureCache()
    let events = try await load([whole, left, right], from: feed, cache: cache)
    let failures = events.compactMap { event -> String? in
      if case .pictureLoaded(_, let failure?) = event { failure } else { nil }
    }
    #expect(failures.isEmpty, "\(failures)")
    let wholeCells = try #require(cache.picture(for: whole))
    let leftCells = try #require(cache.picture(for: left))
    let rightCells = try #require(cache.picture(for: right))
    #expect((leftCells.columns, leftCells.rows) == (wholeCells.columns, wholeCells.rows))
    #expect(Self.colours(wholeCells).count >= 2)
    #expect(Self.colours(leftCells).count == 1)
    #expect(Self.colours(rightCells).count == 1)
    #expect(Self.colours(leftCells) != Self.colours(rightCells))
  }

  @Test func everyPictureReadSaysItsFormatAndSizes() async throws {
    let (feed, folder, bytes) = try Self.halves()
    defer { try? FileManager.default.removeItem(at: folder) }
    let events = try await load(
      [PictureKey(url: "halves.png", columns: 10, rows: 5)], from: feed, cache: PictureCache())
    let facts = events.compactMap { event -> PictureFacts? in
      if case .pictureFacts(let url, let facts) = event, url == "halves.png" { facts } else { nil }
    }
    #expect(facts == [PictureFacts(format: "PNG", width: 200, height: 200, bytes: bytes)])
  }
}
