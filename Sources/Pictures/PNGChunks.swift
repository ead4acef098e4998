/// A PNG's chunks, walked by their lengths before libpng sees them.
///
/// libpng's simplified API offers no way to set its chunk limits (`png_set_chunk_malloc_max`
/// and `png_set_user_limits` need the `png_struct` it keeps to itself), and libpng allocates a
/// chunk's declared length before it finds that the file is shorter: a few hundred bytes that
/// declare a chunk of gigabytes took a gigabyte. So the chunks are checked here first, and the
/// text and profile chunks (`tEXt`, `zTXt`, `iTXt`, `iCCP`), which nothing drawn needs and which
/// libpng inflates, are left out of what it is given.
enum PNGChunks {
  /// Ancillary chunks libpng would read (and inflate) that change nothing drawn.
  private static let dropped: Set<[UInt8]> = [
    Array("tEXt".utf8), Array("zTXt".utf8), Array("iTXt".utf8), Array("iCCP".utf8),
  ]

  /// `bytes` for libpng: every chunk but the dropped ones, as they were; a file that ends
  /// inside its image data is passed on for libpng to report as cut short.
  /// - Throws: `.corrupt` for a chunk other than image data that declares more bytes than
  ///   the file holds after it.
  static func forDecoding(_ bytes: [UInt8]) throws(PictureError) -> [UInt8] {
    guard bytes.count > 8 else { return bytes }
    var out = Array(bytes[0..<8])
    out.reserveCapacity(bytes.count)
    var position = 8
    while position + 8 <= bytes.count {
      let length =
        Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16
        | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      let type = Array(bytes[position + 4..<position + 8])
      let end = position + 12 + length
      guard end <= bytes.count else {
        guard type == Array("IDAT".utf8) else {
          throw .corrupt(
            .png,
            detail: "its \(shown(type)) chunk declares \(length) bytes, more than the "
              + "\(bytes.count - position - 12) the file holds after it")
        }
        break
      }
      if !dropped.contains(type) { out += bytes[position..<end] }
      position = end
      if type == Array("IEND".utf8) { return out }
    }
    return out + bytes[position...]
  }

  /// A chunk's type as it may be shown: four printable ASCII characters, else in hex.
  private static func shown(_ type: [UInt8]) -> String {
    guard type.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return type.map { "\\x" + String($0, radix: 16) }.joined()
    }
    return String(decoding: type, as: UTF8.self)
  }
}
