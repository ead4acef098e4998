/// Finds a JPEG's frame header (SOFn) by walking its segments by their lengths, and the EXIF
/// orientation in an `Exif` APP1 segment before it.
///
/// Only the segments' length fields are read on the way, so a 70 kB EXIF block costs one jump;
/// when the jump lands past the prefix, the reading asks for the bytes that reach the next
/// marker.
enum JPEGHeaderReader {
  static func read(_ view: ByteView) -> PictureHeader.Reading {
    var orientation: Int?
    var position = 2  // After SOI.
    while true {
      // libjpeg skips stray bytes before a marker (with a warning); so does this, and any
      // number of 0xFF fill bytes.
      while let byte = view.u8(position), byte != 0xFF { position += 1 }
      while view.u8(position) == 0xFF { position += 1 }
      guard let marker = view.u8(position) else { return .needMoreBytes(position + 3) }
      position += 1
      switch marker {
      case 0x01, 0xD0...0xD7:
        continue  // Markers without a length.
      case 0xD8:
        return corrupt("a second start-of-image marker before the frame header")
      case 0xD9:
        return corrupt("the picture ends before its frame header")
      case 0xDA:
        return corrupt("a scan starts before the frame header")
      case 0x00:
        return corrupt("a stuffed zero byte where a marker should be")
      default:
        break
      }
      guard let length = view.be16(position) else { return .needMoreBytes(position + 2) }
      guard length >= 2 else { return corrupt("a segment length of \(length)") }
      if isFrameHeader(marker) {
        guard length >= 8 else { return corrupt("a frame header of \(length) bytes") }
        guard let height = view.be16(position + 3), let width = view.be16(position + 5) else {
          return .needMoreBytes(position + 7)
        }
        return .header(
          PictureHeader(format: .jpeg, width: width, height: height, orientation: orientation ?? 1))
      }
      if marker == 0xE1, orientation == nil {
        // Only read once the whole segment is here, so a prefix never gives another answer
        // than the whole file.
        let payload = view.slice(position + 2, length - 2)
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]
        if payload.count == length - 2, payload.matches(exif, at: 0) {
          orientation = EXIFOrientation.read(payload: payload)
        }
      }
      position += length
    }
  }

  /// Whether an APP14 `Adobe` segment comes before the first scan: the mark of a writer that
  /// stores CMYK inverted.
  static func hasAdobeMarker(_ view: ByteView) -> Bool {
    var position = 2
    while let byte = view.u8(position) {
      guard byte == 0xFF else { return false }
      while view.u8(position) == 0xFF { position += 1 }
      guard let marker = view.u8(position), marker != 0xDA, marker != 0xD9 else { return false }
      position += 1
      if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
      guard let length = view.be16(position), length >= 2 else { return false }
      if marker == 0xEE, view.matches(Array("Adobe".utf8), at: position + 2) { return true }
      position += length
    }
    return false
  }

  /// SOF0...SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
  static func isFrameHeader(_ marker: Int) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }

  private static func corrupt(_ detail: String) -> PictureHeader.Reading {
    .invalid(.corrupt(.jpeg, detail: detail))
  }
}
