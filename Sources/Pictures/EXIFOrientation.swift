/// The orientation tag (0x0112) of an EXIF block's first IFD.
///
/// EXIF is a TIFF structure in either byte order; its offsets come from the file, so every one
/// is checked against the block before it is followed.
enum EXIFOrientation {
  /// The orientation (1...8) in `tiff` (a TIFF header and what follows it), or 1 when there is
  /// none or it is out of range: a wrong tag should not stop the picture from showing.
  static func read(tiff: ByteView) -> Int {
    let littleEndian: Bool
    if tiff.matches([0x49, 0x49, 0x2A, 0x00], at: 0) {
      littleEndian = true
    } else if tiff.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0) {
      littleEndian = false
    } else {
      return 1
    }
    let u16 = { (offset: Int) in littleEndian ? tiff.le16(offset) : tiff.be16(offset) }
    let u32 = { (offset: Int) in littleEndian ? tiff.le32(offset) : tiff.be32(offset) }
    guard let ifd = u32(4), let entries = u16(ifd) else { return 1 }
    for entry in 0..<entries {
      let at = ifd + 2 + entry * 12
      guard let tag = u16(at) else { return 1 }
      guard tag == 0x0112 else { continue }
      // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
      guard u16(at + 2) == 3, let value = u16(at + 8), (1...8).contains(value) else { return 1 }
      return value
    }
    return 1
  }

  /// The orientation in an APP1 or WebP `EXIF` payload, which may start with `Exif\0\0` before
  /// the TIFF header (JPEG's always does; WebP writers differ).
  static func read(payload: ByteView) -> Int {
    let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]
    if payload.matches(exifPrefix, at: 0) {
      return read(tiff: payload.slice(6, payload.count - 6))
    }
    return read(tiff: payload)
  }
}
