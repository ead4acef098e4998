/// Where one page's decoded texts go: appended into shared `TextChunk`s, one `TextSlice` each.
///
/// Chunks start small (a page of fifty items wastes little) and double up to `maxChunk`; a
/// full chunk is left as it is and a new one started, never copied into a larger one, since a
/// copy would hold the old and the new block at once.
///
/// A text that starts like the chunk's current stem (the last text kept whole) for at least
/// `minShared` bytes is kept stemmed (see `TextSlice`): its header and the rest of its bytes.
/// Any other text is kept whole and becomes the stem, so a feed whose URLs change host midway
/// stems on the new one from there.
struct TextArena {
  static let firstChunk = 4 << 10
  static let maxChunk = 1 << 20
  /// Fewer shared bytes than this save nothing once the header is paid.
  static let minShared = 12
  /// Longer texts are not made stems: comparing with one would cost more than it saves.
  static let maxStem = 4 << 10

  private var chunk: TextChunk?
  private var nextCapacity = Self.firstChunk
  /// The current stem's place in `chunk`.
  private var stem: (start: Int, count: Int)?
  /// Bytes written into chunks so far, headers included; for tests and measurements.
  private(set) var storedBytes = 0

  /// Keeps `bytes`, which must be valid UTF-8.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSlice {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return .empty }
    if let chunk, let stem, bytes.count < Int(Int32.max) {
      let shared = min(
        Self.commonPrefix(
          UnsafeBufferPointer(start: chunk.base + stem.start, count: stem.count), bytes),
        Int(UInt16.max))
      let own = bytes.count - shared
      if shared >= Self.minShared, TextSlice.stemHeader + own <= chunk.available {
        var header = (UInt32(stem.start), UInt16(shared))
        withUnsafeBytes(of: &header) { raw in
          _ = chunk.append(
            UnsafeBufferPointer(
              start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
              count: TextSlice.stemHeader))
        }
        let start = chunk.append(UnsafeBufferPointer(start: source + shared, count: own))
        storedBytes += TextSlice.stemHeader + own
        return TextSlice(chunk: chunk, stemmedAt: start, count: own)
      }
    }
    return appendWhole(bytes)
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

  private mutating func appendWhole(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSlice {
    storedBytes += bytes.count
    if chunk.map({ $0.available < bytes.count }) ?? true {
      let fresh = TextChunk(capacity: max(nextCapacity, bytes.count))
      nextCapacity = min(nextCapacity * 2, Self.maxChunk)
      // A text larger than a chunk gets one of its own; the current chunk keeps its room.
      if bytes.count > Self.maxChunk, chunk != nil {
        return TextSlice(chunk: fresh, start: fresh.append(bytes), count: bytes.count)
      }
      chunk = fresh
      stem = nil
    }
    guard let chunk else { return .empty }
    let start = chunk.append(bytes)
    stem = bytes.count <= Self.maxStem ? (start, bytes.count) : nil
    return TextSlice(chunk: chunk, start: start, count: bytes.count)
  }

  /// How many bytes `a` and `b` start with alike.
  private static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    let count = min(a.count, b.count)
    var i = 0
    while i < count, a[i] == b[i] { i += 1 }
    return i
  }
}
