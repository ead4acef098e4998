import BrowserCore
import FeedKit
import Glibc
import PictureCells
import Pictures

/// Pictures drawn in symbols (chafa): a still into one set of cells, a moving picture into a
/// set per frame. A still's cells are also kept in the disk cache, by colour mode, size and
/// picture, and read back from there before its bytes are fetched again.
package struct SymbolMaker: PictureMaker {
  package var decoding: PictureDecoding
  package var renderer: SymbolRenderer
  package var colorMode: CellColorMode
  package var symbols: SymbolSet
  package var background: UInt32
  /// How many times taller than wide a cell is, for the shape of a picture in cells.
  package var cellAspect: Double
  package var diskCache: PictureDiskCache?

  package init(
    decoding: PictureDecoding, colorMode: CellColorMode, symbols: SymbolSet,
    background: UInt32, cellAspect: Double, diskCache: PictureDiskCache?
  ) {
    self.decoding = decoding
    self.colorMode = colorMode
    self.symbols = symbols
    self.background = background
    self.cellAspect = cellAspect
    self.diskCache = diskCache
    renderer = SymbolRenderer(colorMode: colorMode, symbols: symbols, background: background)
  }

  package func madeBefore(_ key: PictureKey, at location: PictureLocation) -> SymbolPicture? {
    guard let drawnKey = drawnCacheKey(key, at: location),
      let bytes = diskCache?.bytes(for: drawnKey), let picture = SymbolPicture(bytes: bytes),
      picture.columns == key.columns, picture.rows == key.rows
    else { return nil }
    return picture
  }

  package func make(
    _ key: PictureKey, from bytes: [UInt8], at location: PictureLocation,
    cancelled: () -> Bool
  ) throws -> MadePicture? {
    if key.crop == nil, let moving = try movingCells(key, bytes, cancelled: cancelled) {
      return cancelled() ? nil : MadePicture(moving)
    }
    // The box's shape in square pixels (a cell is `cellAspect` times as tall as wide), for a
    // picture a row off it to fill it; full screen, a picture is shown whole.
    let width = PictureFit.pixelsPerCell.width
    let row = Int((Double(width) * cellAspect).rounded())
    let image = try decoding.still(
      bytes, fitting: PictureFit.decodeSize(columns: key.columns, rows: key.rows),
      crop: key.crop, filling: key.fullScreen ? nil : (key.columns * width, key.rows * row, row))
    guard !cancelled() else { return nil }
    let picture = draw(image, in: key)
    if let drawnKey = drawnCacheKey(key, at: location) {
      diskCache?.store(picture.bytes, for: drawnKey)
    }
    return MadePicture(picture)
  }

  /// `image` drawn into the cells of `key` that show it at its own shape.
  private func draw(_ image: RGBAImage, in key: PictureKey) -> SymbolPicture {
    let cells = PictureDecoding.cells(for: image, in: key, cellAspect: cellAspect)
    return renderer.render(
      rgba: image.pixels, width: image.width, height: image.height, columns: cells.columns,
      rows: cells.rows)
  }

  /// `key`'s picture as moving cells when `bytes` are an animated GIF or WebP: every frame
  /// decoded, composed and shrunk once, then drawn into cells once, within the frame limit and
  /// the animation budget; its first frame marked as moving when animations are off. Nil for
  /// a still. Not kept on disk: the disk cache keeps one frame's cells.
  private func movingCells(_ key: PictureKey, _ bytes: [UInt8], cancelled: () -> Bool) throws
    -> SymbolPicture?
  {
    guard PictureDecoding.isMoving(bytes) else { return nil }
    let fitting = PictureFit.decodeSize(columns: key.columns, rows: key.rows)
    // Moving pictures off, or one too large to move: its first frame, marked as moving.
    guard decoding.animations, AnimationDecoder.stillReason(bytes) == nil else {
      let image = try PictureDecoder.decode(bytes, fitting: fitting, limits: decoding.limits)
      var still = draw(image, in: key)
      still.moves = true
      return still
    }
    var size: (columns: Int, rows: Int)?
    var frames: [[SymbolCell]] = []
    var delays: [Int] = []
    var bytesUsed = 0
    let summary = try AnimationDecoder.frames(
      bytes, fitting: fitting, limits: decoding.limits
    ) { frame in
      let cells =
        size ?? PictureDecoding.cells(for: frame.image, in: key, cellAspect: cellAspect)
      size = cells
      let drawn = renderer.render(
        rgba: frame.image.pixels, width: frame.image.width, height: frame.image.height,
        columns: cells.columns, rows: cells.rows)
      frames.append(drawn.cells)
      delays.append(frame.delay)
      bytesUsed += drawn.cells.count * MemoryLayout<SymbolCell>.stride
      return !cancelled() && bytesUsed < decoding.animationBudget
    }
    guard let size, let first = frames.first else { return nil }
    guard frames.count >= 2 else {
      return SymbolPicture(columns: size.columns, rows: size.rows, cells: first)
    }
    return .animated(
      CellAnimation(frames: frames, delays: delays, loops: summary.loops), columns: size.columns,
      rows: size.rows)
  }

  /// Where the drawn cells of `key` are kept on disk: by colour mode, size and picture, and
  /// for a file also by its inode, size and modification time, so an edited file is drawn
  /// afresh.
  /// Built-in pictures are drawn faster than they are read back, so they are not kept.
  private func drawnCacheKey(_ key: PictureKey, at location: PictureLocation) -> String? {
    // A zoomed window is drawn for a moment; the disk cache keeps whole pictures' cells.
    guard key.crop == nil else { return nil }
    let set = symbols == .blocks ? "" : "\(symbols) "
    // The background is in the key: cells drawn on one terminal's background are not another's.
    let background = String(background, radix: 16)
    let prefix = "cells+frames \(colorMode) \(set)on \(background) \(key.columns)x\(key.rows) "
    switch location {
    case .embedded: return nil
    case .web(let url): return prefix + url
    case .file(let path):
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      // Whole seconds: a modification time set back by hand keeps no more.
      return prefix + "\(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec) " + path
    }
  }
}
