/// Decodes a JPEG, PNG, GIF or WebP file into RGBA pixels, as they are meant to be seen (EXIF
/// orientation applied) and, when asked, shrunk to fit a box.
///
/// The format comes from the first bytes; the limits are checked against the header before any
/// pixel memory is allocated; every codec reports errors by return value, so a hostile file
/// ends in a `PictureError`, never in a crash or a `longjmp` through Swift frames.
public enum PictureDecoder {
  /// A part of a picture to show, for a zoomed full screen: the rectangle in the pixels of the
  /// picture as fitted (given its width and height), and the size the part is fitted into.
  public typealias Window = (
    rect: (_ width: Int, _ height: Int) -> (x: Int, y: Int, width: Int, height: Int),
    shown: (width: Int, height: Int)
  )

  /// The picture in `bytes`, oriented, and fitted into `target` (in pixels, aspect kept) when
  /// it is larger.
  ///
  /// A JPEG is decoded at the smallest DCT scale that still covers the fitted size, so a
  /// 24-megapixel photo for a small box costs a fraction of a full decode; the rest of the
  /// shrinking is an area average.
  ///
  /// - Complexity: O(decoded pixels); for a JPEG with a target, about O(stored pixels / 64) at
  ///   best.
  ///
  /// With a `window` (a zoomed full screen), the part of the fitted picture it names is
  /// shrunk from the decoded pixels where it lies into `shown` before the decode's memory is
  /// given back: never the whole picture shrunk first, nor the part copied (a 7999 × 7999 PNG
  /// zoomed six times held 766 MB, the budget being 256 MiB), and its shrink's working rows
  /// count against the one budget, as the decode's own pixels do.
  public static func decode(
    _ bytes: [UInt8], fitting target: (width: Int, height: Int)? = nil,
    limits: PictureLimits = PictureLimits(),
    window: Window? = nil
  ) throws(PictureError) -> RGBAImage {
    let header = try header(of: bytes, limits: limits)
    var held = try heldBytes(header, bytes, fitting: target, within: DecodeMemory.shared.budget)
    held += finishingBytes(header, fitting: target, window: window)
    return try DecodeMemory.shared.holding(held) {
      () throws(PictureError) -> RGBAImage in
      let stored = try decodeStored(bytes, header: header, fitting: target, limits: limits)
      let oriented = stored.oriented(header.orientation)
      guard let target else { return oriented }
      guard let window else { return oriented.scaled(toFit: target) }
      let cut = windowRect(window, of: (oriented.width, oriented.height), fitting: target)
      return oriented.scaled(part: cut, toFit: window.shown)
    }
  }

  /// `window`'s rectangle, named in the pixels of a picture `size` big fitted into `target`,
  /// in that picture's own pixels: the same part, cut before any shrink.
  static func windowRect(
    _ window: Window, of size: (width: Int, height: Int), fitting target: (width: Int, height: Int)
  ) -> (x: Int, y: Int, width: Int, height: Int) {
    let fitted = RGBAImage.fittedSize(width: size.width, height: size.height, into: target)
    let rect = window.rect(max(1, fitted.width), max(1, fitted.height))
    let across = Double(size.width) / Double(max(1, fitted.width))
    let down = Double(size.height) / Double(max(1, fitted.height))
    let x = min(size.width - 1, max(0, Int(Double(rect.x) * across)))
    let y = min(size.height - 1, max(0, Int(Double(rect.y) * down)))
    return (
      x, y, min(size.width - x, max(1, Int((Double(rect.width) * across).rounded(.up)))),
      min(size.height - y, max(1, Int((Double(rect.height) * down).rounded(.up))))
    )
  }

  /// What a decode holds after the codec is done, beside its pixels: the shrink into `target`
  /// (`RGBAImage.scalingBytes`), or for a window the window's shrink.
  static func finishingBytes(
    _ header: PictureHeader, fitting target: (width: Int, height: Int)?,
    window: Window?
  ) -> Int {
    guard let target else { return 0 }
    let shown = RGBAImage.fittedSize(
      width: header.displayWidth, height: header.displayHeight, into: target)
    // The codec's output, before the shrink: a JPEG's or WebP's at most twice the shown size
    // each way (`heldBytes(_:fitting:)`), any other's the whole picture.
    var stored = (width: header.displayWidth, height: header.displayHeight)
    if header.format == .jpeg || header.format == .webp {
      stored = (min(stored.width, 2 * shown.width), min(stored.height, 2 * shown.height))
    }
    guard let window else { return RGBAImage.scalingBytes(from: stored, toFit: target) }
    // The window is shrunk from the codec's pixels where it lies (or copied, when it fits);
    // a pixel each way of slack for the rounding of its sides.
    let rect = windowRect(window, of: stored, fitting: target)
    let cut = (width: rect.width + 1, height: rect.height + 1)
    let shrink = RGBAImage.scalingBytes(from: cut, toFit: window.shown)
    return shrink > 0 ? shrink : cut.width * cut.height * 4
  }

  /// The picture as the codec gave it — at the DCT scale chosen for `target`, before the
  /// orientation and the area-average shrink — with its header.
  static func decodeStored(
    _ bytes: [UInt8], fitting target: (width: Int, height: Int)?, limits: PictureLimits
  ) throws(PictureError) -> (RGBAImage, PictureHeader) {
    let header = try header(of: bytes, limits: limits)
    return (try decodeStored(bytes, header: header, fitting: target, limits: limits), header)
  }

  /// The header of the picture in `bytes`, within `limits`.
  private static func header(of bytes: [UInt8], limits: PictureLimits) throws(PictureError)
    -> PictureHeader
  {
    try limits.check(byteCount: bytes.count)
    let header: PictureHeader
    switch PictureHeader.read(bytes) {
    case .header(let read): header = read
    case .needMoreBytes:
      if bytes.isEmpty { throw .empty }
      guard let format = PictureFormat.sniff(bytes) else { throw .unsupportedFormat }
      throw .truncated(format)
    case .invalid(let error): throw error
    }
    try limits.check(header, byteCount: bytes.count)
    return header
  }

  /// What a decode of `bytes` holds at once: its pixels (`heldBytes(_:fitting:)`) and what
  /// the codec allocates besides (a JPEG's coefficient buffers, `JPEGWork`; a WebP's lossless
  /// data, `WebPWork`; libpng's allowance, `PNGDecoder.allowance(width:)`).
  /// - Throws: for a JPEG whose coefficient buffers would take it past `budget` (they can
  ///   reach twice the pixels of the largest picture `PictureLimits` allows, and are counted
  ///   exactly), and one of more than `JPEGWork.maximumScans` scans. A decode over the budget
  ///   otherwise — by its pixels under a raised `--max-pixels`, or a WebP counted at the most
  ///   libwebp may hold, five bytes a pixel — waits to run alone.
  static func heldBytes(
    _ header: PictureHeader, _ bytes: [UInt8], fitting target: (width: Int, height: Int)?,
    within budget: Int
  ) throws(PictureError) -> Int {
    let pixels = heldBytes(header, fitting: target)
    switch header.format {
    case .jpeg:
      guard let work = JPEGWork.read(bytes) else { return pixels }
      guard work.scans <= JPEGWork.maximumScans else {
        throw .tooManyScans(count: work.scans, limit: JPEGWork.maximumScans)
      }
      let held = pixels + work.coefficientBytes
      if work.coefficientBytes > 0, held > budget {
        throw .tooMuchMemory(.jpeg, bytes: held, budget: budget)
      }
      return held
    case .webp:
      return pixels + WebPWork.read(bytes).decoderBytes
    case .png:
      // libpng allocates through an allocator held to this.
      return pixels + PNGDecoder.allowance(width: header.width)
    case .gif:
      return pixels
    }
  }

  /// The most pixel memory a decode of `header`'s picture holds at once: the codec's output
  /// (for a JPEG at most four times the size it covers, the DCT scales being powers of two),
  /// and a second copy of it when the picture is turned.
  static func heldBytes(_ header: PictureHeader, fitting target: (width: Int, height: Int)?)
    -> Int
  {
    var pixels = header.width * header.height
    // TurboJPEG's DCT scaling and libwebp's rescaler (stills and an animation's first frame)
    // shrink while they decode.
    if header.format == .jpeg || header.format == .webp, let target {
      let shown = RGBAImage.fittedSize(
        width: header.displayWidth, height: header.displayHeight, into: target)
      pixels = min(pixels, 4 * shown.width * shown.height)
    }
    let copies = (2...8).contains(header.orientation) ? 2 : 1
    return pixels * 4 * copies
  }

  private static func decodeStored(
    _ bytes: [UInt8], header: PictureHeader, fitting target: (width: Int, height: Int)?,
    limits: PictureLimits
  ) throws(PictureError) -> RGBAImage {
    do {
      return try decodePixels(bytes, header: header, fitting: target, limits: limits)
    } catch {
      switch error {
      case .decoder, .corrupt:
        if !header.format.endsWhole(bytes[...]) { throw .truncated(header.format) }
        throw error
      default: throw error
      }
    }
  }

  private static func decodePixels(
    _ bytes: [UInt8], header: PictureHeader, fitting target: (width: Int, height: Int)?,
    limits: PictureLimits
  ) throws(PictureError) -> RGBAImage {
    // The target is given as shown; the codecs that scale, scale the stored picture.
    let storedTarget = target.map { header.swapsSides ? ($0.height, $0.width) : $0 }
    let cover = storedTarget.map {
      RGBAImage.fittedSize(width: header.width, height: header.height, into: $0)
    }
    switch header.format {
    case .jpeg: return try JPEGDecoder.decode(bytes, covering: cover, limits: limits)
    case .png: return try PNGDecoder.decode(bytes, limits: limits)
    case .gif: return try GIFDecoder.decode(bytes, screen: header, limits: limits)
    case .webp: return try WebPDecoder.decode(bytes, covering: cover, limits: limits)
    }
  }
}
