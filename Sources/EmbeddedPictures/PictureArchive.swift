/// The index of a picture archive as `Scripts/make-sample-pictures.py` packs it: `CASPICS1`, a
/// little-endian `UInt32` count, then per file a `UInt16` name length, the UTF-8 name, and
/// `UInt32` offset and size from the archive's start; the files' bytes follow.
///
/// Reading checks every length against the bytes there are, so a damaged archive reads as no
/// archive rather than as a crash.
package struct PictureArchive: Sendable {
  /// Where each file's bytes lie in the archive.
  package let entries: [String: Range<Int>]

  /// An archive without files.
  package static let empty = PictureArchive(entries: [:])

  private init(entries: [String: Range<Int>]) { self.entries = entries }

  package init?(_ bytes: UnsafeRawBufferPointer) {
    var reader = Reader(bytes: bytes)
    guard reader.take(8).map(Array.init) == Array("CASPICS1".utf8),
      let count = reader.integer(UInt32.self)
    else { return nil }
    var entries: [String: Range<Int>] = [:]
    for _ in 0..<count {
      guard let length = reader.integer(UInt16.self), let name = reader.take(Int(length)),
        let offset = reader.integer(UInt32.self), let size = reader.integer(UInt32.self)
      else { return nil }
      let range = Int(offset)..<(Int(offset) + Int(size))
      guard range.upperBound <= bytes.count else { return nil }
      entries[String(decoding: name, as: UTF8.self)] = range
    }
    self.entries = entries
  }

  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer.SubSequence? {
      guard count >= 0, bytes.count - position >= count else { return nil }
      defer { position += count }
      return bytes[position..<(position + count)]
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
      guard let raw = take(MemoryLayout<T>.size) else { return nil }
      return raw.reversed().reduce(T.zero) { $0 << 8 | T($1) }
    }
  }
}
