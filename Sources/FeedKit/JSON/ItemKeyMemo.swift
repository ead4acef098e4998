/// The keys of the item decoded last, in order, as their bytes (from the opening quote to the
/// colon): a key that is byte for byte the one at its place in the item before is known
/// without reading it.
///
/// Most feeds write every item with the same keys in the same order (`{"img": …, "width": …,
/// "height": …}` a million times). Reading each key as a string, checking it and looking it up
/// was a tenth of decoding such a feed; comparing a few bytes with the last item's is not. A
/// key that differs, has escapes or is long is read as before, and becomes the one remembered
/// at its place.
struct ItemKeyMemo {
  /// Places remembered in an item, and the longest key text kept: enough for the fields of
  /// any feed that repeats its shape, without keeping a long key's bytes.
  static let maxKeys = 16
  static let maxKeyBytes = 48

  /// Per place, the key's bytes (empty when not remembered) and what it names.
  private var keys: [(text: [UInt8], field: ItemKey?)] = []

  /// What the key at the reader names when it repeats the remembered key at `place` (the reader
  /// is then past its colon); nil, with the reader at the key, otherwise.
  func repeated(at place: Int, in reader: inout JSONReader) -> ItemKey?? {
    guard place < keys.count, !keys[place].text.isEmpty else { return nil }
    let matched = keys[place].text.withUnsafeBufferPointer { reader.skipRepeatedKey($0) }
    return matched ? .some(keys[place].field) : nil
  }

  /// Remembers `key` (read at `place`, the reader now past its colon) and what it names.
  mutating func remember(
    _ key: JSONReader.Token, at place: Int, field: ItemKey?, in reader: JSONReader
  ) {
    guard place < Self.maxKeys else { return }
    while keys.count <= place { keys.append(([], nil)) }
    let start = key.start - 1
    guard !key.hasEscapes, reader.offset - start <= Self.maxKeyBytes else {
      keys[place] = ([], nil)
      return
    }
    keys[place] = (Array(reader.bytes[start..<reader.offset]), field)
  }
}
