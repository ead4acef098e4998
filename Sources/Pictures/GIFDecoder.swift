import CPictureCodecs

/// The first frame of a GIF through giflib's record-level API, drawn where it sits on the
/// logical screen, which is transparent elsewhere.
///
/// Not `DGifSlurp`: it decodes every frame of an animation, and allocates each frame's raster
/// at the size its descriptor claims (up to 65535×65535 bytes from a few bytes of file). Here
/// only the first frame is read, a row at a time, into the screen-sized picture the limits
/// already allowed.
enum GIFDecoder {
  static func decode(
    _ bytes: [UInt8], screen: PictureHeader, limits: PictureLimits
  ) throws(PictureError) -> RGBAImage {
    try bytes.withUnsafeBufferPointer { (source) throws(PictureError) -> RGBAImage in
      guard let base = source.baseAddress else { throw .truncated(.gif) }
      var reader = MemoryReader(base: base, count: source.count)
      return try withUnsafeMutablePointer(to: &reader) {
        (reader) throws(PictureError) -> RGBAImage in
        var openError: Int32 = 0
        guard let gif = DGifOpen(reader, MemoryReader.read, &openError) else {
          throw failure(openError)
        }
        defer {
          var closeError: Int32 = 0
          DGifCloseFile(gif, &closeError)
        }
        return try firstFrame(gif, screen: screen, limits: limits)
      }
    }
  }

  /// Reads records up to the first image, noting the transparent index of a graphic control
  /// extension on the way, and draws that image.
  private static func firstFrame(
    _ gif: UnsafeMutablePointer<GifFileType>, screen: PictureHeader, limits: PictureLimits
  ) throws(PictureError) -> RGBAImage {
    var transparent: Int?
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif.pointee.Error) }
      switch record {
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif.pointee.Error) }
        return try drawImage(gif, screen: screen, transparent: transparent, limits: limits)
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
          throw failure(gif.pointee.Error)
        }
        // A graphic control block: its length (4), packed flags (bit 0: transparency),
        // delay (2 bytes), transparent index.
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
          transparent = block[1] & 1 != 0 ? Int(block[4]) : nil
        }
        while block != nil {
          guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
            throw failure(gif.pointee.Error)
          }
        }
      case TERMINATE_RECORD_TYPE:
        throw .corrupt(.gif, detail: "the file ends without a single frame")
      default:
        throw .corrupt(.gif, detail: "an unknown record before the first frame")
      }
    }
  }

  private static func drawImage(
    _ gif: UnsafeMutablePointer<GifFileType>, screen: PictureHeader, transparent: Int?,
    limits: PictureLimits
  ) throws(PictureError) -> RGBAImage {
    let frame = gif.pointee.Image
    let (left, top) = (Int(frame.Left), Int(frame.Top))
    let (width, height) = (Int(frame.Width), Int(frame.Height))
    // The frame is decoded row by row, but its pixels still cost decoding time.
    try limits.check(
      PictureHeader(format: .gif, width: width, height: height), byteCount: 0)
    guard let map = frame.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors
    else { throw .corrupt(.gif, detail: "the first frame has no colour map, local or global") }
    let palette = UnsafeBufferPointer(start: colors, count: max(0, Int(map.pointee.ColorCount)))
    var pixels = [UInt8](repeating: 0, count: screen.width * screen.height * 4)
    guard width > 0, height > 0 else {
      return RGBAImage(width: screen.width, height: screen.height, pixels: pixels)
    }
    var line = [GifPixelType](repeating: 0, count: width)
    for y in rowOrder(height: height, interlaced: frame.Interlace) {
      let read = line.withUnsafeMutableBufferPointer {
        DGifGetLine(gif, $0.baseAddress, Int32(width))
      }
      guard read == GIF_OK else { throw failure(gif.pointee.Error) }
      let row = top + y
      guard row < screen.height else { continue }
      for x in 0..<width where left + x < screen.width {
        let index = Int(line[x])
        guard index != transparent, index < palette.count else { continue }
        let at = (row * screen.width + left + x) * 4
        let color = palette[index]
        (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]) =
          (color.Red, color.Green, color.Blue, 255)
      }
    }
    return RGBAImage(width: screen.width, height: screen.height, pixels: pixels)
  }

  /// The rows in the order they are stored: straight, or in the four interlace passes (every
  /// 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
  static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
    guard interlaced else { return Array(0..<height) }
    return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
      Array(stride(from: start, to: height, by: step))
    }
  }

  static func failure(_ code: Int32) -> PictureError {
    switch code {
    case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: return .truncated(.gif)
    case D_GIF_ERR_NO_COLOR_MAP:
      return .corrupt(.gif, detail: "the first frame has no colour map, local or global")
    default:
      let message = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
      return .decoder(.gif, message: message)
    }
  }
}

/// giflib's input callback over bytes in memory: the reader is the file's `UserData`.
struct MemoryReader {
  let base: UnsafePointer<UInt8>
  let count: Int
  var offset = 0

  /// Copies up to `length` bytes; fewer at the end, which giflib reports as a read failure.
  static let read: InputFunc = { file, buffer, length in
    guard let file, let buffer, length > 0,
      let reader = file.pointee.UserData?.assumingMemoryBound(to: MemoryReader.self)
    else { return 0 }
    let available = min(Int(length), reader.pointee.count - reader.pointee.offset)
    guard available > 0 else { return 0 }
    buffer.update(from: reader.pointee.base + reader.pointee.offset, count: available)
    reader.pointee.offset += available
    return Int32(available)
  }
}
