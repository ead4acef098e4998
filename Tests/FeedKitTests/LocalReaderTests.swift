import FeedModel
import Foundation
import Locking
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
    // Small reads, so that items straddle reads and bytes are given back on the way.
    let document = try await LocalReader.document(
      ofDescriptor: fd, source: "standard input", options: LoadOptions(), readSize: 333)
    #expect(document.items.map(\.identity) == (0..<2000).map { "item\($0)" })
  }

  /// A picture piped in or given as the feed is named as a picture: it was "malformed JSON at
  /// line 1, column 1: unexpected byte 0xFF".
  @Test func aPictureIsSaidToBeOneNotMalformedJSON() async throws {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0]
    let fd = try pipeFeeding(jpeg + [UInt8](repeating: 0, count: 200))
    defer { close(fd) }
    do {
      _ = try await LocalReader.document(
        ofDescriptor: fd, source: "standard input", options: LoadOptions())
      Issue.record("a JPEG was read as a feed")
    } catch {
      #expect(error.description.hasPrefix("standard input: not a feed: it is a JPEG picture"))
    }
    let png = Array(
      try Data(
        contentsOf: URL(fileURLWithPath: #filePath)
          .deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("PicturesTests/Fixtures/png-1x1.png")))
    #expect {
      try FeedDocument.decode(png, origin: "p.png")
    } throws: { error in
      (error as? FeedError)?.description.hasPrefix("p.png: not a feed: it is a PNG picture") == true
    }
  }

  /// A feed that drips in through a pipe is decoded as it comes: nothing was decoded until a
  /// megabyte or the end had come, so the browser showed nothing and took no keys meanwhile.
  /// Both past the 64 KiB the format is told from and short of it: a feed of a few KB that
  /// trickled in waited for its end, to tell its format from 64 KiB.
  @Test(arguments: [4000, 40])
  func aPipeIsDecodedAsItComesNotAMegabyteAtATime(count: Int) async throws {
    let text = feedJSON((0..<count).map { "item\($0)" })
    let bytes = Array(text.utf8)
    let half = bytes.count / 2
    try #require(bytes.count < 1 << 20)
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    let handed = Locked(0)
    let firstItems = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      func send(_ part: ArraySlice<UInt8>) {
        var offset = part.startIndex
        while offset < part.endIndex {
          let count = part[offset...].withUnsafeBytes {
            Glibc.send(writeEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
          }
          if count <= 0 { break }
          offset += count
        }
      }
      send(bytes[..<half])
      // The rest only once some items were decoded (or after ten seconds, to end the test).
      _ = firstItems.wait(timeout: .now() + 10)
      send(bytes[half...])
      close(writeEnd)
    }
    let started = Date()
    let firstSeenAfter = Locked<Double?>(nil)
    let document = try await LocalReader.document(
      ofDescriptor: readEnd, source: "standard input", options: LoadOptions(),
      takeItems: { batch in
        let total = handed.withLock { value in
          value += batch.count
          return value
        }
        if total == batch.count {
          firstSeenAfter.withLock { $0 = Date().timeIntervalSince(started) }
          firstItems.signal()
        }
      })
    #expect(handed.withLock { $0 } + document.items.count == count)
    #expect(
      (firstSeenAfter.withLock { $0 } ?? 99) < 5, "items came before the rest of the feed was sent")
  }

  /// A feed that pauses before the keys that tell its format is not told from what came: a
  /// Mastodon list cut inside its first status would read as a classic feed.
  @Test(arguments: [WildDocuments.mastodon, WildDocuments.reddit])
  func aPauseBeforeTheTellingKeysWaitsForThem(text: String) async throws {
    let bytes = Array(text.utf8)
    let whole = try FeedDocument.decode(bytes, origin: "whole")
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    Thread.detachNewThread {
      for part in [bytes[..<40], bytes[40...]] {
        _ = part.withUnsafeBytes {
          Glibc.send(writeEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        Thread.sleep(forTimeInterval: 3 * FeedFormat.detectionPatience)
      }
      close(writeEnd)
    }
    let document = try await LocalReader.document(
      ofDescriptor: readEnd, source: "standard input", options: LoadOptions())
    #expect(!whole.items.isEmpty)
    #expect(document.items.map(\.imageURL) == whole.items.map(\.imageURL))
  }

  @Test func pipeOverBodyCapFails() async throws {
    let fd = try pipeFeeding([UInt8](repeating: 0x20, count: 300_000))
    defer { close(fd) }
    var options = LoadOptions()
    options.maxBytes = 100_000
    let error = await loadError { () throws(FeedError) in
      _ = try await LocalReader.document(
        ofDescriptor: fd, source: "standard input", options: options)
    }
    #expect(
      error == .limitExceeded(source: "standard input", limit: .bodySize(100_000), location: nil))
  }

  @Test func pipeOverBodyCapFailsAsTooLargeEvenWhenMalformedEarly() async throws {
    // Decoding stops at the '<' long before the limit; the size is still the error reported,
    // as when the whole body was read before decoding.
    let fd = try pipeFeeding(Array("[<".utf8) + [UInt8](repeating: 0x20, count: 300_000))
    defer { close(fd) }
    var options = LoadOptions()
    options.maxBytes = 100_000
    let error = await loadError { () throws(FeedError) in
      _ = try await LocalReader.document(
        ofDescriptor: fd, source: "standard input", options: options, readSize: 1000)
    }
    #expect(
      error == .limitExceeded(source: "standard input", limit: .bodySize(100_000), location: nil))
  }

  @Test func pipeMalformedWithinTheCapSaysWhere() async throws {
    let fd = try pipeFeeding(Array("[\n\n  <".utf8) + [UInt8](repeating: 0x20, count: 50_000))
    defer { close(fd) }
    let error = await loadError { () throws(FeedError) in
      _ = try await LocalReader.document(
        ofDescriptor: fd, source: "standard input", options: LoadOptions(), readSize: 100)
    }
    guard case .malformed("JSON", _, let location, _) = error else {
      Issue.record("expected malformed JSON, got \(String(describing: error))")
      return
    }
    #expect(location == "line 3, column 3")
  }
}
