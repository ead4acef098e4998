import FeedModel

/// Bytes already in memory, as a `ByteInput`: a page kept on disk, decoded again.
final class BytesInput: ByteInput {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(FeedError) -> Int {
    let got = min(count, bytes.count - offset)
    guard got > 0 else { return 0 }
    bytes.withUnsafeBytes { all in
      guard let base = all.baseAddress else { return }
      buffer.copyMemory(from: base + offset, byteCount: got)
    }
    offset += got
    return got
  }

  func hasWaitingBytes(within seconds: Double) -> Bool { true }
}
