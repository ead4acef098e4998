/// The UTF-8 byte order mark (EF BB BF), which Windows editors write at the start of a text
/// file. Any format Cascade reads may begin with one, and it is never part of the document:
/// every reader looks past it through these helpers, so that a list saved in Notepad reads as
/// the same list saved anywhere else.
package enum ByteOrderMark {
  package static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// `bytes` after a byte order mark at their start, or all of them.
  package static func skipped<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
    bytes.starts(with: utf8) ? bytes.dropFirst(utf8.count) : bytes[...]
  }

  /// Where a document's first character is: past a byte order mark and ASCII white space.
  package static func firstCharacter<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Bytes.Index? {
    skipped(bytes).firstIndex { !isBlank($0) }
  }

  /// ASCII white space as the formats define it: space, tab, line feed, carriage return.
  package static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
