import FeedModel

/// A `ByteInput` that keeps a copy of what is read from it, up to `limit` bytes: a feed
/// page's body as it arrived, kept on disk for the next visit (`StoredPage`) while the
/// decoder walks it. Past `limit` the copy is dropped (`copy` is nil) and the bytes only pass
/// through. One thread reads it, as it does any input.
final class CopyingInput: ByteInput {
  private let input: any ByteInput
  private let limit: Int
  /// What was read so far; nil once it went past `limit`.
  private(set) var copy: [UInt8]? = []

  init(_ input: any ByteInput, limit: Int) {
    self.input = input
    self.limit = limit
  }

  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(FeedError) -> Int {
    let got = try input.read(into: buffer, count: count)
    if got > 0, copy != nil {
      if (copy?.count ?? 0) + got > limit {
        copy = nil
      } else {
        copy?.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: got))
      }
    }
    return got
  }

  func hasWaitingBytes(within seconds: Double) -> Bool {
    input.hasWaitingBytes(within: seconds)
  }
}
