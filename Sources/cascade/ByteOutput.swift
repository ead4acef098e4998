/// Bytes gathered in a buffer and handed on in blocks of about 64 KiB, for output too large to
/// build as one `String` first.
///
/// `cascade layout` prints about 100 bytes an item: for a million items, a `String` and its
/// `Data` copy were 200 MB of memory touched once, and appending to the `String` piece by piece
/// cost more than laying the feed out. Writers ask for room and write through a pointer.
struct ByteOutput {
  /// Filled up to `used`; its count is fixed, so writes need no capacity checks of their own.
  private var bytes: [UInt8]
  private var used = 0
  private let blockSize: Int
  private let drain: (UnsafeBufferPointer<UInt8>) -> Void

  /// Hands each full block, and the rest on `flush()`, to `drain`.
  init(blockSize: Int = 1 << 16, drain: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
    self.blockSize = blockSize
    self.drain = drain
    bytes = Array(repeating: 0, count: blockSize + Self.largestWrite)
  }

  /// The most one `write` may add.
  static let largestWrite = 4_096

  /// Lets `body` write at most `largestWrite` bytes at the pointer it is given; `body` returns
  /// the pointer just past what it wrote.
  @inline(__always)
  mutating func write(
    _ body: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
  ) {
    if used >= blockSize { flush() }
    let used = self.used
    let end = bytes.withUnsafeMutableBufferPointer { buffer in
      // The buffer is never empty: it holds at least `largestWrite` bytes.
      let start = buffer.baseAddress.unsafelyUnwrapped
      let end = body(start + used) - start
      precondition(end - used <= Self.largestWrite, "one write of more than largestWrite bytes")
      return end
    }
    self.used = end
  }

  /// Hands what is gathered to `drain`.
  mutating func flush() {
    guard used > 0 else { return }
    let used = self.used
    bytes.withUnsafeBufferPointer { drain(UnsafeBufferPointer(rebasing: $0[..<used])) }
    self.used = 0
  }
}
