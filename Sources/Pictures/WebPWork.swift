/// What libwebp allocates for a WebP beyond the pixels it writes, read from the file's chunks
/// before it is decoded.
///
/// libwebp shrinks a lossy picture row by row as it decodes, but lossless data (a `VP8L`
/// picture, or an `ALPH` chunk compressed losslessly) refers back to any pixel before it, so it
/// is decoded whole at the stored size whatever the box: four bytes a pixel (one for an alpha
/// plane that uses a palette alone, which cannot be told without decoding), and the alpha plane
/// itself, one byte a pixel. A 4 MB lossless 7900 × 7900 picture for a box of a few cells took
/// 284 MB while the budget counted the shrunk pixels.
struct WebPWork: Equatable {
  /// Bytes libwebp holds at once besides the output: 0 for a lossy picture without alpha.
  var decoderBytes: Int

  /// The work `bytes` asks for, from its chunks; 0 when they cannot be walked (libwebp then
  /// refuses the file before it allocates for it).
  ///
  /// An animation is counted by its canvas as if its frames were lossless with alpha: a frame
  /// is at most the canvas, and telling each frame's kind means walking them all.
  static func read(_ bytes: [UInt8]) -> WebPWork {
    let view = ByteView(bytes: bytes[...])
    guard PictureFormat.sniff(bytes) == .webp,
      case .header(let header) = WebPHeaderReader.read(view)
    else {
      return WebPWork(decoderBytes: 0)
    }
    let pixels = header.width * header.height
    let lossless = 4 * pixels
    // The alpha plane, and the lossless stream it may be decoded from.
    let losslessAlpha = pixels + 4 * pixels
    if view.matches(Array("VP8L".utf8), at: 12) { return WebPWork(decoderBytes: lossless) }
    guard view.matches(Array("VP8X".utf8), at: 12), let flags = view.u8(20) else {
      return WebPWork(decoderBytes: 0)
    }
    if flags & 0x02 != 0 { return WebPWork(decoderBytes: losslessAlpha) }
    var chunk = 12
    while let size = view.le32(chunk + 4) {
      if view.matches(Array("VP8L".utf8), at: chunk) { return WebPWork(decoderBytes: lossless) }
      if view.matches(Array("ALPH".utf8), at: chunk) {
        // Bits 0–1 of its first byte: 0 stores the plane as it is, 1 compresses it losslessly.
        let raw = view.u8(chunk + 8).map { $0 & 0x03 == 0 } ?? false
        return WebPWork(decoderBytes: raw ? pixels : losslessAlpha)
      }
      if view.matches(Array("VP8 ".utf8), at: chunk) { break }
      chunk += 8 + size + (size & 1)
    }
    return WebPWork(decoderBytes: 0)
  }
}
