import BrowserCore
import PictureCells
import Pictures

/// How the makers decode a picture's bytes: still or frame by frame, within the limits the
/// command line set, and how many cells of a box it fills at its own shape.
package struct PictureDecoding: Sendable {
  package var limits: PictureLimits
  /// Whether animated GIFs and WebPs are decoded frame by frame (`--no-animation`: their first
  /// frame only).
  package var animations: Bool
  /// The most bytes one moving picture's frames may take; the frames after are dropped.
  package var animationBudget: Int

  /// `bytes` decoded to fit `fitting`; for a zoomed full screen (`crop`), decoded as many
  /// times larger as the zoom magnifies, the window cut from that and fitted: drawn from the
  /// picture's own pixels, sharper as the zoom goes in, never enlarged from the whole's cells.
  ///
  /// With `filling` (the box's shape in square pixels, and the pixels of one of its rows) and
  /// no crop, a picture a row off the box's shape (the box's edges rounded to whole rows) comes
  /// back cut to the box's shape, its middle kept (`PictureFit.cover`, told from its header),
  /// so that it fills the box; decoded a quarter larger first, so that the cut part is never
  /// enlarged. Any other picture is decoded as without it.
  package func still(
    _ bytes: [UInt8], fitting: (width: Int, height: Int), crop: PictureCrop?,
    filling box: (width: Int, height: Int, row: Int)? = nil
  ) throws -> RGBAImage {
    guard let crop else {
      guard let box, fitting.width > 0, fitting.height > 0,
        case .header(let header) = PictureHeader.read(bytes),
        Self.cuts(header.displayWidth, header.displayHeight, toFill: box)
      else {
        return try PictureDecoder.decode(bytes, fitting: fitting, limits: limits)
      }
      return try PictureDecoder.decode(
        bytes, fitting: Self.enlarged(fitting, by: 1 + PictureFit.mostCovered), limits: limits,
        window: (
          {
            PictureFit.cover(
              pictureWidth: $0, pictureHeight: $1, boxWidth: box.width, boxHeight: box.height,
              row: box.row)
          }, fitting
        ))
    }
    let larger = Self.enlarged(fitting, by: crop.magnification)
    // Cut and fitted within the decode's reservation: the larger picture and the window's
    // copy count against the decoding budget.
    return try PictureDecoder.decode(
      bytes, fitting: larger, limits: limits,
      window: ({ crop.pixels(pictureWidth: $0, pictureHeight: $1) }, fitting))
  }

  /// `size` `scale` times larger each way, rounded up.
  private static func enlarged(_ size: (width: Int, height: Int), by scale: Double) -> (
    width: Int, height: Int
  ) {
    (
      Int((Double(size.width) * scale).rounded(.up)),
      Int((Double(size.height) * scale).rounded(.up))
    )
  }

  /// Whether a picture `width` × `height` is cut to fill `box` (`PictureFit.cover`).
  private static func cuts(
    _ width: Int, _ height: Int, toFill box: (width: Int, height: Int, row: Int)
  )
    -> Bool
  {
    let part = PictureFit.cover(
      pictureWidth: width, pictureHeight: height, boxWidth: box.width, boxHeight: box.height,
      row: box.row)
    return part.width < width || part.height < height
  }

  /// A moving picture's frames at `fitting` pixels: its first frame and the rest; nil for a
  /// still, or with animations off. The frames held at once are within `animationBudget`.
  package func frames(
    _ bytes: [UInt8], fitting: (width: Int, height: Int), cancelled: () -> Bool,
    frameLimit: Int = AnimationDecoder.maximumFrames
  ) throws -> (first: RGBAImage, rest: PixelAnimation)? {
    guard animations, Self.isMoving(bytes), AnimationDecoder.stillReason(bytes) == nil else {
      return nil
    }
    var frames: [AnimationFrame] = []
    var used = 0
    let summary = try AnimationDecoder.frames(
      bytes, fitting: fitting, limits: limits, maximumFrames: frameLimit
    ) { frame in
      frames.append(frame)
      used += frame.image.pixels.count
      return !cancelled() && used < animationBudget
    }
    guard frames.count >= 2, let first = frames.first else { return nil }
    return (
      first.image,
      PixelAnimation(
        firstDelay: first.delay, frames: Array(frames.dropFirst()), loops: summary.loops,
        file: bytes)
    )
  }

  /// Whether `bytes` are a moving picture that is drawn still — moving pictures are off, or
  /// it is too large to move (`AnimationDecoder.stillReason`): its box says it moves.
  package func isStillOfMoving(_ bytes: [UInt8]) -> Bool {
    Self.isMoving(bytes) && (!animations || AnimationDecoder.stillReason(bytes) != nil)
  }

  /// Why the moving picture in `bytes` is drawn still whatever the settings, for its facts
  /// in the details (`still: its 7999 × 7999 canvas is too large to move`); nil for a still
  /// or one that may move.
  package static func stillNote(_ bytes: [UInt8]) -> String? {
    guard isMoving(bytes), let reason = AnimationDecoder.stillReason(bytes) else { return nil }
    return "still: " + reason
  }

  /// Whether `bytes` are an animated GIF or WebP: more than one frame.
  package static func isMoving(_ bytes: [UInt8]) -> Bool {
    guard let format = PictureFormat.sniff(bytes), format == .gif || format == .webp else {
      return false
    }
    return AnimationDecoder.isAnimated(bytes)
  }

  /// The cells of `key` that show `image` at its own shape, for the view to centre.
  ///
  /// A box is shaped by the size the feed gave, which may not be the picture's: a thumbnail's,
  /// the size before an EXIF rotation, a wrong one. Drawn into all of the box's cells, such a
  /// picture was stretched (a 2:1 picture into a square). Within a tenth of the box's shape
  /// the picture fills it, so that a cell's pixels measured slightly off the configured cell
  /// aspect cost no row.
  package static func cells(for image: RGBAImage, in key: PictureKey, cellAspect: Double) -> (
    columns: Int, rows: Int
  ) {
    guard image.width > 0, image.height > 0, key.columns > 0, key.rows > 0,
      cellAspect.isFinite, cellAspect > 0
    else { return (key.columns, key.rows) }
    let shape = Double(image.height) / Double(image.width)
    let box = Double(key.rows) * cellAspect / Double(key.columns)
    guard abs(box / shape - 1) > 0.1 else { return (key.columns, key.rows) }
    let fitted = PictureFit.fit(
      pixelWidth: image.width, pixelHeight: image.height, columns: key.columns, rows: key.rows,
      cellAspect: cellAspect)
    return fitted.columns > 0 && fitted.rows > 0 ? fitted : (key.columns, key.rows)
  }
}
