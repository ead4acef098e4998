/// Reads a WebP's size from its first chunk (`VP8 `, `VP8L` or `VP8X`), and, for an extended
/// file that says it has EXIF, the orientation from its `EXIF` chunk.
///
/// Writers put the `EXIF` chunk after the image data, so reading the orientation can need most
/// of the file: the reading then asks for the bytes that reach it, and a prober can decide
/// whether to fetch them.
enum WebPHeaderReader {
  static func read(_ view: ByteView) -> PictureHeader.Reading {
    guard let chunkSize = view.le32(16) else { return .needMoreBytes(20) }
    if view.matches(Array("VP8 ".utf8), at: 12) {
      guard view.has(30, at: 0), let tag = view.u8(20), let width = view.le16(26),
        let height = view.le16(28)
      else { return .needMoreBytes(30) }
      guard tag & 1 == 0 else { return corrupt("the first VP8 frame is not a key frame") }
      guard view.matches([0x9D, 0x01, 0x2A], at: 23) else {
        return corrupt("the VP8 start code is missing")
      }
      return .header(
        PictureHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF))
    }
    if view.matches(Array("VP8L".utf8), at: 12) {
      guard let signature = view.u8(20), let bits = view.le32(21) else {
        return .needMoreBytes(25)
      }
      guard signature == 0x2F else { return corrupt("the VP8L signature byte is missing") }
      return .header(
        PictureHeader(
          format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1))
    }
    if view.matches(Array("VP8X".utf8), at: 12) {
      guard let flags = view.u8(20), let width = view.le24(24), let height = view.le24(27) else {
        return .needMoreBytes(30)
      }
      var header = PictureHeader(format: .webp, width: width + 1, height: height + 1)
      if flags & 0x08 != 0 {
        switch orientation(view, after: 20 + chunkSize + (chunkSize & 1)) {
        case .success(let orientation): header.orientation = orientation
        case .failure(let needed): return .needMoreBytes(needed.bytes)
        }
      }
      return .header(header)
    }
    guard view.has(16, at: 0) else { return .needMoreBytes(16) }
    return corrupt("the first chunk is not VP8, VP8L or VP8X")
  }

  /// More bytes are needed: this many from the start of the file.
  struct NeedMore: Error { var bytes: Int }

  /// The orientation in the `EXIF` chunk at or after `offset`, 1 when the RIFF ends first.
  private static func orientation(_ view: ByteView, after offset: Int) -> Result<Int, NeedMore> {
    guard let riffSize = view.le32(4) else { return .failure(NeedMore(bytes: 8)) }
    let end = riffSize + 8
    var chunk = offset
    while chunk + 8 <= end {
      guard let size = view.le32(chunk + 4) else { return .failure(NeedMore(bytes: chunk + 8)) }
      if view.matches(Array("EXIF".utf8), at: chunk) {
        guard view.has(size, at: chunk + 8) else {
          return .failure(NeedMore(bytes: chunk + 8 + size))
        }
        return .success(EXIFOrientation.read(payload: view.slice(chunk + 8, size)))
      }
      chunk += 8 + size + (size & 1)
    }
    return .success(1)
  }

  private static func corrupt(_ detail: String) -> PictureHeader.Reading {
    .invalid(.corrupt(.webp, detail: detail))
  }
}
