/// Where one page's decoded texts go: appended into shared `TextChunk`s, one `TextSlice` each.
///
/// Chunks start small (a page of fifty items wastes little) and double up to `maxChunk`; a
/// full chunk is left as it is and a new one started, never copied into a larger one, since a
/// copy would hold the old and the new block at once.
struct TextArena {
  static let firstChunk = 4 << 10
  static let maxChunk = 1 << 20

  private var chunk: TextChunk?
  private var nextCapacity = Self.firstChunk

  /// Keeps `bytes`, which must be valid UTF-8.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSlice {
    guard !bytes.isEmpty else { return .empty }
    if chunk.map({ $0.available < bytes.count }) ?? true {
      let fresh = TextChunk(capacity: max(nextCapacity, bytes.count))
      nextCapacity = min(nextCapacity * 2, Self.maxChunk)
      // A text larger than a chunk gets one of its own; the current chunk keeps its room.
      if bytes.count > Self.maxChunk, chunk != nil {
        return TextSlice(chunk: fresh, start: fresh.append(bytes), count: bytes.count)
      }
      chunk = fresh
    }
    guard let chunk else { return .empty }
    return TextSlice(chunk: chunk, start: chunk.append(bytes), count: bytes.count)
  }

  /// Keeps `bytes`, turning invalid UTF-8 into U+FFFD as `String(decoding:as:)` does.
  mutating func append(validating bytes: UnsafeBufferPointer<UInt8>) -> TextSlice {
    if TextSlice.isASCII(bytes) { return append(bytes) }
    return append(String(decoding: bytes, as: UTF8.self))
  }

  mutating func append(_ text: String) -> TextSlice {
    var text = text
    return text.withUTF8 { append($0) }
  }
}
