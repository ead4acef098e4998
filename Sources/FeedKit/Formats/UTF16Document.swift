/// A document written in UTF-16 with its byte order mark (`FF FE` little-endian, `FE FF`
/// big-endian), as Windows tools save "Unicode" text: read as the same document in UTF-8.
///
/// Every format is told from its first characters and read as bytes of an ASCII-compatible
/// encoding, so a UTF-16 feed was taken for broken JSON ("unexpected byte 0xFF"). An XML
/// declaration that names UTF-16 is made to name UTF-8, which the text now is. Code units that
/// pair into no character become U+FFFD, as the UTF-8 repair does.
enum UTF16Document {
  /// Whether `bytes` start with a UTF-16 byte order mark.
  static func starts<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
  }

  /// The document in UTF-8, its byte order mark dropped; nil when `bytes` do not start with a
  /// UTF-16 one.
  static func transcoded(_ bytes: [UInt8]) -> [UInt8]? {
    guard starts(bytes) else { return nil }
    let bigEndian = bytes[0] == 0xFE
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 2
    while index + 1 < bytes.count {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    var text = String(decoding: units, as: UTF16.self)
    if index < bytes.count { text.append("\u{FFFD}") }
    return Array(declaringUTF8(text).utf8)
  }

  /// `text` with the encoding its XML declaration names, if any, replaced by UTF-8.
  private static func declaringUTF8(_ text: String) -> String {
    let start = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard start.hasPrefix("<?xml"), let end = start.range(of: "?>"),
      let key = start[..<end.lowerBound].range(of: "encoding")
    else { return text }
    let afterKey = start[key.upperBound..<end.lowerBound]
    guard let open = afterKey.firstIndex(where: { $0 == "\"" || $0 == "'" }),
      let close = afterKey[afterKey.index(after: open)...].firstIndex(of: afterKey[open])
    else { return text }
    var result = text
    let valueStart = afterKey.index(after: open)
    result.replaceSubrange(valueStart..<close, with: "UTF-8")
    return result
  }
}
