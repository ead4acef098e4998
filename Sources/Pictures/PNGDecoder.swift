import CPictureCodecs

/// PNG through libpng's full read API, driven from C (`png_read.h`) so that its `longjmp` never
/// crosses a Swift frame: every colour type and bit depth, interlaced or not, palettes with
/// tRNS, all turned into 8-bit sRGB RGBA by libpng.
///
/// Not the simplified `png_image_*` API, which keeps libpng's `png_struct` to itself: here
/// libpng allocates through an allocator that charges each block to the decode's allowance
/// (`allowance(width:)`, reserved in `DecodeMemory` beside the pixels) and refuses one that
/// would pass it, and its chunk limits are set: an ancillary chunk libpng keeps is at most
/// 1 MB, at most 64 are kept, unknown chunks are skipped unread.
enum PNGDecoder {
  /// Most bytes libpng may hold at once in one decode of a picture `width` pixels wide: its
  /// row buffers (two rows of up to 8 bytes a pixel, for 16-bit RGBA, and one more for the
  /// transformations), zlib's window, a kept chunk of up to 1 MB and the structures. libpng
  /// itself refuses a picture wider than a million pixels.
  static func allowance(width: Int) -> Int {
    (2 << 20) + 3 * 8 * min(max(1, width), 1_000_000)
  }

  static func decode(
    _ bytes: [UInt8], limits: PictureLimits, allowance: Int? = nil
  ) throws(PictureError) -> RGBAImage {
    let bytes = try PNGChunks.forDecoding(bytes)
    var reader = cascade_png_reader()
    defer { cascade_png_end(&reader) }
    return try bytes.withUnsafeBufferPointer { (source) throws(PictureError) -> RGBAImage in
      guard let base = source.baseAddress else { throw .truncated(.png) }
      // The allowance follows the width the header claims; libpng checks the claim.
      let claimed = source.count >= 20 ? Int(ByteView(bytes: bytes[...]).be32(16) ?? 0) : 0
      let allowed = allowance ?? Self.allowance(width: claimed)
      var width: UInt32 = 0
      var height: UInt32 = 0
      guard cascade_png_begin(&reader, base, source.count, allowed, &width, &height) != 0 else {
        throw failure(&reader)
      }
      let (columns, rows) = (Int(width), Int(height))
      try limits.check(
        PictureHeader(format: .png, width: columns, height: rows), byteCount: bytes.count)
      var pixels = [UInt8](repeating: 0, count: columns * rows * 4)
      let finished = pixels.withUnsafeMutableBytes { target in
        cascade_png_read_rows(
          &reader, target.baseAddress?.assumingMemoryBound(to: UInt8.self), columns * 4)
      }
      guard finished != 0 else { throw failure(&reader) }
      return RGBAImage(width: columns, height: rows, pixels: pixels)
    }
  }

  /// The error libpng left in `reader`: an allocation past the allowance, running out of
  /// data (truncation), or what libpng said.
  private static func failure(_ reader: inout cascade_png_reader) -> PictureError {
    let message = withUnsafeBytes(of: &reader.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if reader.refused > 0, message.lowercased().contains("memory") {
      return .codecMemory(
        .png, asked: reader.allocated + reader.refused, allowance: reader.allowance)
    }
    if message.contains("end of data") || message.contains("Not enough") {
      return .truncated(.png)
    }
    return .decoder(.png, message: message.isEmpty ? "unknown error" : message)
  }
}
