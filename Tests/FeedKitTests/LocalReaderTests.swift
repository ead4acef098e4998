import Foundation
import Testing

@testable import FeedKit

#if canImport(Glibc)
  import Glibc
#endif

/// A stream whose other end gets `bytes` from another thread and is then closed, the way a
/// shell feeds `cascade -`. A socket pair rather than a pipe, so the writer gets EPIPE (not
/// SIGPIPE, which would end the test process) when the reader stops early.
private func pipeFeeding(_ bytes: [UInt8]) throws -> Int32 {
  var ends: [Int32] = [0, 0]
  guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
    throw POSIXError(.EMFILE)
  }
  let (readEnd, writeEnd) = (ends[0], ends[1])
  Thread.detachNewThread {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        send(writeEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { break }
      offset += count
    }
    close(writeEnd)
  }
  return readEnd
}

@Suite struct LocalReaderTests {
  @Test func pipeIsReadToItsEnd() async throws {
    let bytes = Array(feedJSON((0..<2000).map { "item\($0)" }).utf8)
    let fd = try pipeFeeding(bytes)
    defer { close(fd) }
    let read = try await LocalReader.contents(
      ofDescriptor: fd, source: "standard input", maxBytes: 1 << 20)
    #expect(read == bytes)
    #expect(try FeedDecoder.decode(read, source: "standard input").items.count == 2000)
  }

  @Test func pipeOverBodyCapFails() async throws {
    let fd = try pipeFeeding([UInt8](repeating: 0x20, count: 300_000))
    defer { close(fd) }
    let error = await loadError { () throws(FeedError) in
      _ = try await LocalReader.contents(
        ofDescriptor: fd, source: "standard input", maxBytes: 100_000)
    }
    #expect(
      error == .limitExceeded(source: "standard input", limit: .bodySize(100_000), location: nil))
  }
}
