#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text kept in a `TextChunk`: what `FeedItem` holds for its image URL instead of a `String`.
///
/// 16 bytes (a reference and two 32-bit numbers), so `FeedItem` stays at 40. Equal and hashed by
/// the text's value as `String` is: byte-equal texts are equal at once, and other texts compare
/// as strings, so canonically equivalent texts stay equal, as they were when items held strings.
///
/// A text is kept whole, or *stemmed*: its first bytes are those of an earlier whole text in the
/// same chunk (its stem), and only the rest is kept, after a 6-byte header naming the stem's
/// offset (4 bytes) and how many of its bytes are shared (2). A feed's URLs mostly share a long
/// start (`https://images.example.com/feed/`), so this keeps about a third of their bytes.
struct TextSlice: Hashable, Sendable {
  /// Bytes before a stemmed text's own bytes: the stem's offset and the shared length.
  static let stemHeader = 6
  /// Set in `length` for a stemmed text.
  private static let stemmedFlag: UInt32 = 1 << 31
  /// `length` of a text of 2 GiB or more, which has a chunk of its own and runs to its end.
  private static let toChunkEnd: UInt32 = .max

  private let chunk: TextChunk?
  /// Where the text's own bytes start in `chunk` (a stemmed text's, after its header).
  private let start: UInt32
  /// The number of own bytes, with `stemmedFlag` for a stemmed text; or `toChunkEnd`.
  private let length: UInt32

  static let empty = TextSlice(nil, start: 0, length: 0)

  private init(_ chunk: TextChunk?, start: UInt32, length: UInt32) {
    self.chunk = chunk
    self.start = start
    self.length = length
  }

  /// The whole text `count` bytes long at `start` in `chunk`; the bytes must be valid UTF-8.
  init(chunk: TextChunk, start: Int, count: Int) {
    precondition(start >= 0 && count >= 0 && start + count <= chunk.count, "TextSlice: bad range")
    if count >= Int(Self.stemmedFlag) {
      precondition(start == 0 && count == chunk.count, "TextSlice: a huge text needs its own chunk")
      self.init(chunk, start: 0, length: Self.toChunkEnd)
    } else {
      precondition(start <= Int(UInt32.max), "TextSlice: chunk too large")
      self.init(chunk, start: UInt32(start), length: UInt32(count))
    }
  }

  /// A stemmed text whose own `count` bytes start at `start` in `chunk`, after its header.
  init(chunk: TextChunk, stemmedAt start: Int, count: Int) {
    precondition(
      start >= Self.stemHeader && count < Int(Self.stemmedFlag) && start + count <= chunk.count
        && start <= Int(UInt32.max), "TextSlice: bad stemmed range")
    self.init(chunk, start: UInt32(start), length: UInt32(count) | Self.stemmedFlag)
  }

  /// A text of its own: one chunk exactly its size (what setting `FeedItem.imageURL` makes).
  init(_ text: String) {
    var text = text
    self = text.withUTF8 { bytes in
      guard !bytes.isEmpty else { return .empty }
      let chunk = TextChunk(capacity: bytes.count)
      return TextSlice(chunk: chunk, start: chunk.append(bytes), count: bytes.count)
    }
  }

  var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

  /// Calls `body` with the text's UTF-8 bytes, valid only during the call. A stemmed text is
  /// put together in a temporary buffer (on the stack when small).
  func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    guard let chunk else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    return try withExtendedLifetime(chunk) {
      let own = chunk.base + Int(start)
      if length == Self.toChunkEnd {
        return try body(UnsafeBufferPointer(start: own, count: chunk.count - Int(start)))
      }
      guard length & Self.stemmedFlag != 0 else {
        return try body(UnsafeBufferPointer(start: own, count: Int(length)))
      }
      let count = Int(length & ~Self.stemmedFlag)
      let header = UnsafeRawPointer(own - Self.stemHeader)
      let stem = chunk.base + Int(header.loadUnaligned(as: UInt32.self))
      let shared = Int(header.loadUnaligned(fromByteOffset: 4, as: UInt16.self))
      return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: shared + count) {
        text in
        guard let whole = text.baseAddress else { return try body(UnsafeBufferPointer(text)) }
        whole.initialize(from: stem, count: shared)
        (whole + shared).initialize(from: own, count: count)
        return try body(UnsafeBufferPointer(text))
      }
    }
  }

  static func == (a: TextSlice, b: TextSlice) -> Bool {
    a.withUTF8 { x in b.withUTF8 { y in sameText(x, y) } }
  }

  func hash(into hasher: inout Hasher) {
    withUTF8 { Self.hashText($0, into: &hasher) }
  }

  /// Whether two UTF-8 texts are equal as `String`s are (canonical equivalence), without making
  /// strings when the bytes decide: equal bytes are equal texts, and two different ASCII texts
  /// are different.
  static func sameText(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
    if x.count == y.count {
      guard let a = x.baseAddress, let b = y.baseAddress else { return true }
      if memcmp(a, b, x.count) == 0 { return true }
    }
    if isASCII(x) && isASCII(y) { return false }
    return String(decoding: x, as: UTF8.self) == String(decoding: y, as: UTF8.self)
  }

  /// Hashes a UTF-8 text as `String` hashes it, so `sameText` texts hash alike.
  static func hashText(_ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
    hasher.combine(String(decoding: bytes, as: UTF8.self))
  }

  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80
  }
}
