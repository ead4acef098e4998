/// Where one page's decoded texts go: appended into shared `TextBlock`s, one `TextHandle` for
/// each item's URL and its other texts.
///
/// Chunks start small (a page of fifty items wastes little) and double up to `maxChunk`; a
/// full block is left as it is and a new one started, never copied into a larger one, since a
/// copy would hold the old and the new block at once.
///
/// A text that starts like the block's current stem (the last text kept whole) for at least
/// `minShared` bytes is kept stemmed (see `TextHandle`): its header and the rest of its bytes.
/// Any other text is kept whole and becomes the stem, so a feed whose URLs change host midway
/// stems on the new one from there.
package struct TextBlockWriter {
  package static let firstChunk = 4 << 10
  package static let maxChunk = 1 << 20
  /// Fewer shared bytes than this save nothing once the header is paid.
  package static let minShared = 12
  /// Longer texts are not made stems: comparing with one would cost more than it saves.
  package static let maxStem = 4 << 10

  private var chunk: TextBlock?
  private var nextCapacity = Self.firstChunk
  /// The current stem's place in `block`.
  private var stem: (start: Int, count: Int)?
  /// Bytes written into blocks so far, headers included; for tests and measurements.
  package private(set) var storedBytes = 0

  package init() {}

  /// Keeps `bytes`, which must be valid UTF-8, with an item's other `texts` before them.
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, texts: ItemTextRecord = .none)
    -> TextHandle
  {
    guard !bytes.isEmpty || !texts.isEmpty else { return .empty }
    if let chunk, let stem, TextHandle.canStem(count: bytes.count) {
      let shared = min(
        Self.commonPrefix(
          UnsafeBufferPointer(start: chunk.base + stem.start, count: stem.count), bytes),
        Int(UInt16.max))
      let own = bytes.count - shared
      let stored = texts.storedCount + TextHandle.stemHeader + own
      if shared >= Self.minShared, stored <= chunk.available {
        texts.write(to: chunk)
        _ = chunk.append(bytesOf: UInt32(stem.start))
        _ = chunk.append(bytesOf: UInt16(shared))
        let start = chunk.append(UnsafeBufferPointer(rebasing: bytes[shared...]))
        storedBytes += stored
        return TextHandle(chunk: chunk, stemmedAt: start, count: own, hasTexts: !texts.isEmpty)
      }
    }
    return appendWhole(bytes, texts: texts)
  }

  private mutating func appendWhole(_ bytes: UnsafeBufferPointer<UInt8>, texts: ItemTextRecord)
    -> TextHandle
  {
    let stored = texts.storedCount + bytes.count
    storedBytes += stored
    if chunk.map({ $0.available < stored }) ?? true {
      let fresh = TextBlock(capacity: max(nextCapacity, stored))
      nextCapacity = min(nextCapacity * 2, Self.maxChunk)
      // A record larger than a block gets one of its own; the current block keeps its room.
      if stored > Self.maxChunk, chunk != nil {
        texts.write(to: fresh)
        return TextHandle(
          chunk: fresh, start: fresh.append(bytes), count: bytes.count, hasTexts: !texts.isEmpty)
      }
      chunk = fresh
      stem = nil
    }
    guard let chunk else { return .empty }
    texts.write(to: chunk)
    let start = chunk.append(bytes)
    stem = bytes.count <= Self.maxStem ? (start, bytes.count) : nil
    return TextHandle(chunk: chunk, start: start, count: bytes.count, hasTexts: !texts.isEmpty)
  }

  /// How many bytes `a` and `b` start with alike.
  ///
  /// Eight bytes a step: every URL of a feed is compared with its block's stem, over the
  /// 30-odd bytes of host and path they share, and a byte a step was a tenth of appending.
  /// The first differing byte of a step is the lowest set byte of the two words' difference.
  package static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    let count = min(a.count, b.count)
    guard count > 0, let x = a.baseAddress, let y = b.baseAddress else { return 0 }
    var i = 0
    while i &+ 8 <= count {
      // Byte k of the text in bits 8k..<8k+8 whatever the machine's byte order.
      let difference =
        UInt64(littleEndian: UnsafeRawPointer(x + i).loadUnaligned(as: UInt64.self))
        ^ UInt64(littleEndian: UnsafeRawPointer(y + i).loadUnaligned(as: UInt64.self))
      if difference != 0 { return i &+ difference.trailingZeroBitCount / 8 }
      i &+= 8
    }
    while i < count, x[i] == y[i] { i &+= 1 }
    return i
  }
}
