#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text kept in a `TextBlock`: what `FeedItem` holds for its image URL and its optional texts
/// instead of `String`s.
///
/// 16 bytes (a reference and two 32-bit numbers), so `FeedItem` stays at 32. Equal and hashed by
/// the texts' values as `String` is: byte-equal texts are equal at once, and other texts compare
/// as strings, so canonically equivalent texts stay equal, as they were when items held strings.
///
/// A text is kept whole, or *stemmed*: its first bytes are those of an earlier whole text in the
/// same block (its stem), and only the rest is kept, after a 6-byte header naming the stem's
/// offset (4 bytes) and how many of its bytes are shared (2). A feed's URLs mostly share a long
/// start (`https://images.example.com/feed/`), so this keeps about a third of their bytes.
///
/// An item's title, id and link, when it has any, are kept just before the URL's record (its
/// header, if stemmed, and its bytes) in the form `ItemTextRecord` describes, and a flag says so: one
/// slice is all of an item's texts, with no box of its own.
package struct TextHandle: Hashable, Sendable {
  /// Bytes before a stemmed text's own bytes: the stem's offset and the shared length.
  package static let stemHeader = 6
  /// Set in `length` for a stemmed text.
  private static let stemmedFlag: UInt32 = 1 << 31
  /// Set in `length` when `ItemTextRecord` are kept before the text's record.
  private static let textsFlag: UInt32 = 1 << 30
  /// The bits of `length` that count bytes.
  private static let countMask: UInt32 = textsFlag - 1
  /// The count in `length` of a text of 1 GiB or more, which is the last in a block of its own
  /// and runs to its end.
  private static let toChunkEnd: UInt32 = countMask

  private let chunk: TextBlock?
  /// Where the text's own bytes start in `block` (a stemmed text's, after its header).
  private let start: UInt32
  /// The number of own bytes, or `toChunkEnd`; with `stemmedFlag` and `textsFlag`.
  private let length: UInt32

  package static let empty = TextHandle(nil, start: 0, length: 0)

  /// The block the text is kept in (nil for the empty text).
  package var block: TextBlock? { chunk }

  /// Whether the text is kept in `block` (both nil for the empty text), without taking a
  /// reference to either.
  package func isKept(in block: TextBlock?) -> Bool { chunk === block }

  /// Where in its block the text is, in 8 bytes: what `TextColumn` keeps per item, with the
  /// block once for a run of items.
  package var place: UInt64 { UInt64(start) << 32 | UInt64(length) }

  /// The text at `place` (from `place`) in `block`.
  package init(block: TextBlock?, place: UInt64) {
    self.init(
      block, start: UInt32(truncatingIfNeeded: place >> 32),
      length: UInt32(truncatingIfNeeded: place))
  }

  private init(_ chunk: TextBlock?, start: UInt32, length: UInt32) {
    self.chunk = chunk
    self.start = start
    self.length = length
  }

  /// The whole text `count` bytes long at `start` in `block`, after `ItemTextRecord` if `hasTexts`;
  /// the bytes must be valid UTF-8.
  package init(chunk: TextBlock, start: Int, count: Int, hasTexts: Bool = false) {
    precondition(start >= 0 && count >= 0 && start + count <= chunk.count, "TextHandle: bad range")
    precondition(start <= Int(UInt32.max), "TextHandle: chunk too large")
    let texts = hasTexts ? Self.textsFlag : 0
    if count >= Int(Self.toChunkEnd) {
      precondition(start + count == chunk.count, "TextHandle: a huge text must end its chunk")
      self.init(chunk, start: UInt32(start), length: Self.toChunkEnd | texts)
    } else {
      self.init(chunk, start: UInt32(start), length: UInt32(count) | texts)
    }
  }

  /// A stemmed text whose own `count` bytes start at `start` in `block`, after its header (and
  /// `ItemTextRecord` before that if `hasTexts`).
  package init(chunk: TextBlock, stemmedAt start: Int, count: Int, hasTexts: Bool = false) {
    precondition(
      start >= Self.stemHeader && count < Int(Self.toChunkEnd) && start + count <= chunk.count
        && start <= Int(UInt32.max), "TextHandle: bad stemmed range")
    self.init(
      chunk, start: UInt32(start),
      length: UInt32(count) | Self.stemmedFlag | (hasTexts ? Self.textsFlag : 0))
  }

  /// Whether a text of `count` bytes can be kept stemmed.
  package static func canStem(count: Int) -> Bool { count < Int(toChunkEnd) }

  /// A URL and texts of their own: one block exactly their size (what `FeedItem`'s initializer
  /// and setters make).
  package init(_ url: UnsafeBufferPointer<UInt8>, texts: ItemTextRecord) {
    guard !url.isEmpty || !texts.isEmpty else {
      self = .empty
      return
    }
    let chunk = TextBlock(capacity: texts.storedCount + url.count)
    texts.write(to: chunk)
    self.init(chunk: chunk, start: chunk.append(url), count: url.count, hasTexts: !texts.isEmpty)
  }

  /// A text of its own, without `ItemTextRecord`.
  package init(_ text: String) {
    var text = text
    self = text.withUTF8 { TextHandle($0, texts: .none) }
  }

  /// Whether the text is empty, read from its length alone: an item without a picture has an
  /// empty image URL, and the layout asks this of every item.
  package var isEmpty: Bool { chunk == nil || length & (Self.countMask | Self.stemmedFlag) == 0 }

  package var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

  /// Calls `body` with the text's UTF-8 bytes, valid only during the call. A stemmed text is
  /// put together in a temporary buffer (on the stack when small).
  ///
  /// The block is kept alive by `self` for the call, not by a reference of its own: binding it
  /// (`if let`) retained and released it for every text read, an atomic operation on a count
  /// that the decoder is changing for the items it makes from the same block.
  package func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    guard chunk != nil else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    return try withExtendedLifetime(self) {
      let base = chunk.unsafelyUnwrapped.base
      let own = base + Int(start)
      let count = Int(length & Self.countMask)
      if count == Int(Self.toChunkEnd) {
        let end = chunk.unsafelyUnwrapped.count
        return try body(UnsafeBufferPointer(start: own, count: end - Int(start)))
      }
      guard length & Self.stemmedFlag != 0 else {
        return try body(UnsafeBufferPointer(start: own, count: count))
      }
      let header = UnsafeRawPointer(own - Self.stemHeader)
      let stem = base + Int(header.loadUnaligned(as: UInt32.self))
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

  /// Calls `body` with the item texts kept with this text (`.none` when there are none), valid
  /// only during the call. The block is kept alive by `self`, as in `withUTF8`.
  package func withTexts<R>(_ body: (ItemTextRecord) throws -> R) rethrows -> R {
    guard chunk != nil, length & Self.textsFlag != 0 else { return try body(.none) }
    return try withExtendedLifetime(self) {
      let record =
        chunk.unsafelyUnwrapped.base + Int(start)
        - (length & Self.stemmedFlag != 0 ? Self.stemHeader : 0)
      return try body(ItemTextRecord(storedBefore: record))
    }
  }

  package static func == (a: TextHandle, b: TextHandle) -> Bool {
    a.withUTF8 { x in b.withUTF8 { y in sameText(x, y) } }
      && a.withTexts { x in b.withTexts { y in ItemTextRecord.same(x, y) } }
  }

  package func hash(into hasher: inout Hasher) {
    withUTF8 { Self.hashText($0, into: &hasher) }
    withTexts { $0.hash(into: &hasher) }
  }

  /// Whether two UTF-8 texts are equal as `String`s are (canonical equivalence), without making
  /// strings when the bytes decide: equal bytes are equal texts, and two different ASCII texts
  /// are different.
  package static func sameText(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    if x.count == y.count {
      guard let a = x.baseAddress, let b = y.baseAddress else { return true }
      if memcmp(a, b, x.count) == 0 { return true }
    }
    if isASCII(x) && isASCII(y) { return false }
    return String(decoding: x, as: UTF8.self) == String(decoding: y, as: UTF8.self)
  }

  /// Hashes a UTF-8 text as `String` hashes it, so `sameText` texts hash alike.
  ///
  /// Without making a `String` for ASCII, which every identity nearly always is: a URL is a heap
  /// string, and one per item made duplicate detection a third of loading a feed. ASCII is
  /// already in normal form, which `String` hashes as its bytes and a terminating 0xFF; a test
  /// checks that this still agrees with `String`.
  package static func hashText(_ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
    guard isASCII(bytes) else {
      hasher.combine(String(decoding: bytes, as: UTF8.self))
      return
    }
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    hasher.combine(0xFF as UInt8)
  }

  /// Whether `bytes` are valid UTF-8, so a text can be kept as it is, without making a `String`
  /// to replace what is not.
  package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    isASCII(bytes) || (try? UTF8Span(validating: bytes.span)) != nil
  }

  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80
  }
}
