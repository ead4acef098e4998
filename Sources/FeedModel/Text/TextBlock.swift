/// One block of UTF-8 texts that many `FeedItem`s point into; `TextBlockWriter` fills them.
///
/// Why blocks: a million image URLs held as a million heap strings cost a header, malloc's
/// rounding and a pointer each, about 80 bytes for a 42-byte URL; in shared blocks they cost
/// their bytes.
///
/// Append-only, and written by one thread: the decoder appends while it decodes a page, and no
/// byte below `count` changes once written. An item only reads the range its `TextHandle` names,
/// written before the item existed, so items on other threads can share a block that is still
/// being filled; hence `@unchecked Sendable` despite the mutable `count`.
package final class TextBlock: @unchecked Sendable {
  package let base: UnsafeMutablePointer<UInt8>
  package let capacity: Int
  /// Bytes written so far, from `base`.
  private(set) var count = 0

  package init(capacity: Int) {
    precondition(capacity >= 0, "TextBlock: negative capacity")
    self.capacity = capacity
    base = .allocate(capacity: max(capacity, 1))
  }

  deinit { base.deallocate() }

  package var available: Int { capacity - count }

  /// Copies `bytes` after the texts already written; returns the offset where they start.
  package func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    precondition(bytes.count <= available, "TextBlock: the text does not fit")
    let start = count
    if let source = bytes.baseAddress {
      (base + start).initialize(from: source, count: bytes.count)
    }
    count += bytes.count
    return start
  }

  /// Copies the bytes of `value` (unaligned) after the texts already written, for the headers
  /// kept between texts; returns the offset where they start.
  package func append<T: BitwiseCopyable>(bytesOf value: T) -> Int {
    let size = MemoryLayout<T>.size
    precondition(size <= available, "TextBlock: the header does not fit")
    let start = count
    UnsafeMutableRawPointer(base + start).storeBytes(of: value, as: T.self)
    count += size
    return start
  }
}
