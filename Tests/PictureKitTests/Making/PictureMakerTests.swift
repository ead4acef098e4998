import FeedKit
import Foundation
import PictureCells
import Pictures
import TestSupport
import Testing

@testable import BrowserCore
@testable import PictureKit

/// Each way of drawing makes a picture's bytes into what the cache keeps, and only that: the
/// loader decides when, and fetches.
@Suite struct PictureMakerTests {
  static let decoding = PictureDecoding(
    limits: PictureLimits(), animations: true, animationBudget: 16 << 20)

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: PictureFixtures.folder.appendingPathComponent(name)))
  }

  static func symbols(diskCache: PictureDiskCache?) -> SymbolMaker {
    SymbolMaker(
      decoding: decoding, colorMode: .direct, symbols: .blocks, background: 0,
      cellAspect: 2, diskCache: diskCache)
  }

  /// Symbols are kept on disk as drawn cells, by size: asked again at the same size they come
  /// back without the bytes; at another size, or for a file changed since, they do not.
  @Test func drawnCellsComeBackFromDiskForTheSamePictureAndSize() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-maker-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("p.png")
    let bytes = try Self.bytes("png-rgb.png")
    try Data(bytes).write(to: file)
    let disk = try #require(PictureDiskCache(directory: folder.path + "/cache", budget: 1 << 20))
    let maker = Self.symbols(diskCache: disk)
    let key = PictureKey(url: "p.png", columns: 8, rows: 4)
    let location = PictureLocation.file(file.path)
    #expect(maker.madeBefore(key, at: location) == nil)
    let made = try #require(try maker.make(key, from: bytes, at: location, cancelled: { false }))
    #expect(made.replaces == nil)
    #expect(maker.madeBefore(key, at: location) == made.picture)
    let other = PictureKey(url: "p.png", columns: 6, rows: 3)
    #expect(maker.madeBefore(other, at: location) == nil)
    // Written again with a later modification time: drawn afresh.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: file.path)
    #expect(maker.madeBefore(key, at: location) == nil)
  }

  /// A 3:2 picture (60 × 40 pixels) in boxes whose edges were rounded a row short or tall of
  /// it: its middle fills every cell of the box, in symbols as in pixels. Fitted whole, it
  /// was drawn in fewer columns (a strip of background beside it) or fewer rows. A square
  /// box, far from its shape, still shows it whole.
  @Test func aPictureARowOffItsBoxFillsIt() throws {
    var pixels: [UInt8] = []
    for y in 0..<40 {
      for x in 0..<60 { pixels += [UInt8(x * 4), UInt8(y * 6), 90, 255] }
    }
    let png = try #require(PNGEncoder.encode(RGBAImage(width: 60, height: 40, pixels: pixels)))
    let maker = Self.symbols(diskCache: nil)
    let location = PictureLocation.embedded("p.png")
    // 24 columns at 2:1 cells: the picture is 8 rows tall; boxes of 7 and 9 rows.
    for rows in [7, 9] {
      let key = PictureKey(url: "p.png", columns: 24, rows: rows)
      let made = try #require(try maker.make(key, from: png, at: location, cancelled: { false }))
      #expect(made.picture.columns == 24 && made.picture.rows == rows, "\(rows) rows")
    }
    let square = PictureKey(url: "p.png", columns: 24, rows: 12)
    let whole = try #require(try maker.make(square, from: png, at: location, cancelled: { false }))
    #expect(whole.picture.columns == 24 && whole.picture.rows == 8)
    // In pixels (7 × 15 cells, 27 columns: the picture 8.4 rows tall, its box 8): the decode
    // comes back at the box's own shape, no larger than the picture.
    let box = (width: 27 * 7, height: 8 * 15)
    let image = try Self.decoding.still(
      png, fitting: box, crop: nil, filling: (box.width, box.height, 15))
    #expect(abs(Double(image.width) / Double(image.height) - 189.0 / 120) < 0.05)
    #expect(image.width <= 60 && image.height <= 40, "\(image.width)×\(image.height)")
  }

  /// A box that scrolled away while its picture decoded gets nothing; bytes that are no
  /// picture throw the codec's error, for the loader to report or fetch again.
  @Test func aCancelledPictureIsNotMadeAndBadBytesThrow() throws {
    let maker = Self.symbols(diskCache: nil)
    let key = PictureKey(url: "a.jpg", columns: 8, rows: 4)
    let location = PictureLocation.embedded("a.jpg")
    let bytes = try Self.bytes("jpeg-baseline.jpg")
    #expect(try maker.make(key, from: bytes, at: location, cancelled: { true }) == nil)
    #expect(throws: PictureError.self) {
      try maker.make(key, from: Array("<html>".utf8), at: location, cancelled: { false })
    }
  }

  /// A moving GIF drawn in symbols is a set of cells a frame; with moving pictures off, its
  /// first frame, marked as moving.
  @Test func aMovingPictureIsDrawnFrameByFrameOrStillWhenMovingIsOff() throws {
    let bytes = try Self.bytes("gif-animated.gif")
    let key = PictureKey(url: "m.gif", columns: 8, rows: 4)
    let moving = try #require(
      try Self.symbols(diskCache: nil).make(
        key, from: bytes, at: .embedded("m.gif"), cancelled: { false }))
    #expect((moving.picture.animation?.frames.count ?? 0) >= 2)
    var still = Self.symbols(diskCache: nil)
    still.decoding.animations = false
    let first = try #require(
      try still.make(key, from: bytes, at: .embedded("m.gif"), cancelled: { false }))
    #expect(first.picture.animation == nil && first.picture.moves)
  }

  /// An animation too large to move (three one-pixel frames on a 4200 × 4200 canvas: its
  /// frames would cost more than the work bound allows) is drawn still, marked as moving,
  /// rather than composing every frame on the whole canvas while other pictures wait.
  @Test func anAnimationTooLargeToMoveIsDrawnStill() throws {
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    // A 2-colour palette, and three 1 × 1 frames of colour 1 (LZW: 2-bit codes).
    var bytes = Array("GIF89a".utf8) + le16(4200) + le16(4200) + [0x80, 0, 0]
    bytes += [200, 0, 0, 0, 0, 200]
    for _ in 0..<3 {
      bytes += [0x21, 0xF9, 4, 0x04, 10, 0, 0, 0]
      bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0]
    }
    bytes.append(0x3B)
    #expect(PictureDecoding.isMoving(bytes))
    let key = PictureKey(url: "huge.gif", columns: 8, rows: 4)
    let made = try #require(
      try Self.symbols(diskCache: nil).make(
        key, from: bytes, at: .embedded("huge.gif"), cancelled: { false }))
    #expect(made.picture.animation == nil && made.picture.moves)
    #expect(try Self.decoding.frames(bytes, fitting: (64, 64), cancelled: { false }) == nil)
    #expect(Self.decoding.isStillOfMoving(bytes))
    // The details say why it does not move.
    #expect(
      PictureDecoding.stillNote(bytes) == "still: its 4200 × 4200 canvas is too large to move")
    #expect(PictureDecoding.stillNote(try Self.bytes("gif-animated.gif")) == nil)
  }

  /// Over the frame (sixel here), the cache keeps the picture's id in `OverlayPictures`, which
  /// holds its bytes for the terminal.
  @Test func aPictureOverTheFrameIsKeptByTheOverlay() throws {
    let overlay = OverlayPictures(
      protocol: .sixel, cell: PixelSize(width: 10, height: 20), budget: 1 << 24)
    let maker = OverlayMaker(decoding: Self.decoding, overlay: overlay)
    let key = PictureKey(url: "a.jpg", columns: 6, rows: 3)
    let made = try #require(
      try maker.make(
        key, from: try Self.bytes("jpeg-baseline.jpg"), at: .embedded("a.jpg"),
        cancelled: { false }))
    let id = try #require(made.picture.overlay)
    let sixel = try #require(overlay.sequence(id))
    #expect(sixel.starts(with: Array("\u{1B}P".utf8)))
  }

  /// sixel plays a moving picture only full screen: in a box it stands still while moving
  /// pictures play, and says so (its box shows `▶`, as the help promises); full screen it
  /// plays frame by frame.
  @Test func aMovingPictureInASixelBoxStandsStillAndSaysSo() throws {
    let overlay = OverlayPictures(
      protocol: .sixel, cell: PixelSize(width: 10, height: 20), budget: 1 << 24)
    let maker = OverlayMaker(decoding: Self.decoding, overlay: overlay)
    let bytes = try Self.bytes("gif-animated.gif")
    let boxed = try #require(
      try maker.make(
        PictureKey(url: "m.gif", columns: 8, rows: 4), from: bytes, at: .embedded("m.gif"),
        cancelled: { false }))
    #expect(boxed.picture.moves && boxed.picture.standsStill)
    #expect(PictureSlot.ready(boxed.picture).movesStill(playing: true))
    let full = try #require(
      try maker.make(
        PictureKey(url: "m.gif", columns: 8, rows: 4, fullScreen: true), from: bytes,
        at: .embedded("m.gif"), cancelled: { false }))
    #expect(!full.picture.standsStill && (full.picture.animation?.frames.count ?? 0) >= 2)
    #expect(!PictureSlot.ready(full.picture).movesStill(playing: true))
    // A still picture is no moving one.
    let still = try #require(
      try maker.make(
        PictureKey(url: "a.jpg", columns: 6, rows: 3), from: try Self.bytes("jpeg-baseline.jpg"),
        at: .embedded("a.jpg"), cancelled: { false }))
    #expect(!still.picture.moves && !still.picture.standsStill)
  }
}
