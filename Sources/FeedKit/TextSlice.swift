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
struct TextSlice: Hashable, Sendable {
  private let chunk: TextChunk?
  private let start: UInt32
  /// The length in bytes; `UInt32.max` for a text of 4 GiB or more, which then has a chunk of
  /// its own and runs to the chunk's end.
  private let length: UInt32

  static let empty = TextSlice(nil, start: 0, length: 0)

  private init(_ chunk: TextChunk?, start: UInt32, length: UInt32) {
    self.chunk = chunk
    self.start = start
    self.length = length
  }

  /// The text `count` bytes long at `start` in `chunk`; the bytes must be valid UTF-8.
  init(chunk: TextChunk, start: Int, count: Int) {
    precondition(start >= 0 && count >= 0 && start + count <= chunk.count, "TextSlice: bad range")
    if count >= Int(UInt32.max) {
      precondition(start == 0 && count == chunk.count, "TextSlice: a huge text needs its own chunk")
      self.init(chunk, start: 0, length: .max)
    } else {
      precondition(start <= Int(UInt32.max), "TextSlice: chunk too large")
      self.init(chunk, start: UInt32(start), length: UInt32(count))
    }
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

  /// Calls `body` with the text's UTF-8 bytes, valid only during the call.
  func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    guard let chunk else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    let count = length == .max ? chunk.count - Int(start) : Int(length)
    return try withExtendedLifetime(chunk) {
      try body(UnsafeBufferPointer(start: chunk.base + Int(start), count: count))
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
