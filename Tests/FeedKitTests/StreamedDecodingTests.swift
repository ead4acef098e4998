import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary file holding `bytes`, opened for reading; the caller closes and removes it.
private func openFile(_ bytes: [UInt8]) throws -> (descriptor: Int32, path: String) {
  let path = NSTemporaryDirectory() + "streamed-\(UUID().uuidString).json"
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { throw POSIXError(.ENOENT) }
  return (descriptor, path)
}

/// What decoding gave: the document's parts that can be compared, or the error.
private struct Decoded: Equatable {
  var items: [FeedItem] = []
  var skipped = SkipReport()
  var next: String?
  var title: String?
  var error: FeedError?

  init(_ body: () throws(FeedError) -> FeedDocument) {
    do {
      let document = try body()
      (items, skipped, next, title) =
        (document.items, document.skipped, document.next, document.title)
    } catch {
      self.error = error
    }
  }
}

/// Runs `body` with a stream over a temporary file holding `bytes`, and the file's path.
private func withStream<R>(
  over bytes: [UInt8], maxBytes: Int = 1 << 30, readSize: Int,
  _ body: (StreamedBytes, String) throws -> R
) throws -> R {
  let file = try openFile(bytes)
  defer {
    close(file.descriptor)
    unlink(file.path)
  }
  let stream = try StreamedBytes(
    descriptor: file.descriptor, source: "test.json", maxBytes: maxBytes, readSize: readSize)
  return try body(stream, file.path)
}

/// Decodes `bytes` from a file, `readSize` bytes per read; also how many bytes were given back.
private func streamed(
  _ bytes: [UInt8], readSize: Int, options: LoadOptions = LoadOptions()
) throws -> (Decoded, released: Int) {
  try withStream(over: bytes, maxBytes: options.maxBytes, readSize: readSize) { stream, _ in
    let decoded = Decoded { () throws(FeedError) in
      try LiberalJSONDecoder.decode(stream, source: "test.json", options: options)
    }
    return (decoded, stream.released)
  }
}

private func whole(_ bytes: [UInt8], options: LoadOptions = LoadOptions()) -> Decoded {
  Decoded { () throws(FeedError) in
    try LiberalJSONDecoder.decode(bytes, source: "test.json", options: options)
  }
}

/// `count` items, one per line, of about 90 bytes each, like the benchmark's feed.
private func bigFeed(_ count: Int) -> [UInt8] {
  var text = #"{"title": "big", "data": ["#
  for i in 0..<count {
    if i > 0 { text += ",\n" }
    text +=
      #"{"img": "https://images.example.com/feed/\#(i).jpg", "width": "1200", "height": "1800"}"#
  }
  return Array((text + "], \"next\": \"page2.json\"}\n").utf8)
}

@Suite struct StreamedDecodingTests {
  static let readSizes = [1, 2, 3, 7, 64, 1000, 1 << 20]

  @Test func randomFeedsDecodeAsWholeDocumentsDo() throws {
    for seed in UInt64(0)..<60 {
      let (json, _) = try randomFeed(seed: seed)
      let expected = whole(json)
      for size in Self.readSizes {
        let (got, _) = try streamed(json, readSize: size)
        guard got == expected else {
          Issue.record("seed \(seed), read size \(size): \(got) != \(expected)")
          return
        }
      }
    }
  }

  /// The items handed out while decoding come in document order, each once, and are the
  /// first items of the document the decode then returns, for every read size (so for every
  /// place a read can end) and every shape the decoder accepts.
  @Test func itemsGivenWhileDecodingAreAPrefixOfTheDocument() throws {
    for seed in UInt64(0)..<60 {
      let (json, _) = try randomFeed(seed: seed)
      let expected = whole(json)
      for size in Self.readSizes + [5, 11, 31] {
        var given: [FeedItem] = []
        let decoded = try withStream(over: json, readSize: size) { stream, _ in
          Decoded { () throws(FeedError) in
            try LiberalJSONDecoder.decode(stream, source: "test.json", options: LoadOptions()) {
              given += $0
            }
          }
        }
        guard decoded == expected, Array(expected.items.prefix(given.count)) == given else {
          Issue.record("seed \(seed), read size \(size): \(given.count) items given")
          return
        }
      }
    }
  }

  /// Items handed off leave the document: what was given, then what the document holds, are
  /// the whole document's items, in order, each once — for every read size and every shape.
  @Test func itemsHandedOffAndTheRestMakeTheWholeDocument() throws {
    for seed in UInt64(0)..<60 {
      let (json, _) = try randomFeed(seed: seed)
      let expected = whole(json)
      for size in Self.readSizes + [5, 11, 31] {
        var given: [FeedItem] = []
        var decoded = try withStream(over: json, readSize: size) { stream, _ in
          Decoded { () throws(FeedError) in
            try LiberalJSONDecoder.decode(
              stream, source: "test.json", options: LoadOptions(), handOff: { given += $0 })
          }
        }
        // A failed decode has no document; the error must be the whole document's.
        if decoded.error == nil { decoded.items = given + decoded.items }
        guard decoded == expected else {
          Issue.record("seed \(seed), read size \(size): \(given.count) items handed off")
          return
        }
      }
    }
  }

  @Test func aLargeDocumentIsHandedOffInBatchesAndKeepsOnlyItsTail() throws {
    let json = bigFeed(20_000)
    var given = 0
    let decoded = try withStream(over: json, readSize: 8192) { stream, _ in
      Decoded { () throws(FeedError) in
        try LiberalJSONDecoder.decode(
          stream, source: "test.json", options: LoadOptions(), handOff: { given += $0.count })
      }
    }
    #expect(decoded.error == nil)
    #expect(given + decoded.items.count == 20_000)
    // The document keeps less than a read's worth (some 90 items), not the 20,000.
    #expect(decoded.items.count < 200)
    #expect(decoded.next == "page2.json" && decoded.title == "big")
  }

  @Test func aLargeDocumentIsGivenOutBeforeItEnds() throws {
    let json = bigFeed(20_000)
    var batches: [Int] = []
    let decoded = try withStream(over: json, readSize: 8192) { stream, _ in
      Decoded { () throws(FeedError) in
        try LiberalJSONDecoder.decode(stream, source: "test.json", options: LoadOptions()) {
          batches.append($0.count)
        }
      }
    }
    #expect(decoded.items.count == 20_000)
    // About a read's worth (8 KiB, some 90 items) a batch, the first long before the end.
    #expect(batches.count > 100)
    #expect((batches.first ?? 0) < 200)
    #expect(batches.reduce(0, +) <= 20_000)
  }

  @Test func cutAndDamagedFeedsFailAsWholeDocumentsDo() throws {
    var random = SplitMix64(seed: 9)
    let (json, _) = try randomFeed(seed: 3)
    for round in 0..<150 {
      var damaged = Array(json[0..<Int.random(in: 0...json.count, using: &random)])
      if !damaged.isEmpty, Bool.random(using: &random) {
        damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      let size = Self.readSizes.randomElement(using: &random) ?? 1
      let (got, _) = try streamed(damaged, readSize: size)
      let expected = whole(damaged)
      guard got == expected else {
        Issue.record("round \(round), read size \(size): \(got) != \(expected)")
        return
      }
    }
  }

  /// Found by the fuzzer: a number with a leading zero cut by a read was quoted as far as the
  /// read went ('0617283945'), the whole document's error quoting all its digits.
  @Test func aLeadingZeroIsQuotedWholeWhateverTheReadSize() throws {
    let feed = Array(#"[{"img": "a", "w": 06172839450617283945}]"#.utf8)
    for size in [1, 2, 3, 7] {
      #expect(try streamed(feed, readSize: size).0 == whole(feed), "read size \(size)")
    }
  }

  @Test func byteOrderMarkIsSkippedWhateverTheReadSize() throws {
    // Found by the fuzzer: with reads shorter than the mark, it was taken for the document.
    let feed = [0xEF, 0xBB, 0xBF] + Array(#"[{"img": "a", "w": 1, "h": 1}]"#.utf8)
    let html = [0xEF, 0xBB, 0xBF] + Array("<html>502</html>".utf8)
    // Any run of those bytes is passed over in looking for '<', beyond the first read too.
    let oddHTML: [UInt8] = [0xEF, 0xBB, 0xBB, 0x3C, 0x00, 0xEF, 0xBB, 0xBF, 0x3C, 0x3E]
    for size in [1, 2, 3] {
      #expect(try streamed(feed, readSize: size).0.items.map(\.imageURL) == ["a"])
      #expect(try streamed(html, readSize: size).0 == whole(html))
      #expect(try streamed(oddHTML, readSize: size).0 == whole(oddHTML))
    }
  }

  /// An XML feed read as it arrives is read whole, so each `xml:base` scope is the same
  /// whatever the reads: items identical to the document's decoded at once.
  @Test func xmlBaseFeedsDecodeAsWholeDocumentsDo() throws {
    let atom = Array(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="media/"><title>t</title>
      <link rel="next" href="page/2"/>
      <entry xml:base="https://b.example/e/"><id>e1</id><link href="post"/>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml" xml:base="i/">
        <img src="1.jpg"/></div></content></entry>
      <entry><id>e2</id><link rel="enclosure" type="image/png" href="2.png"/></entry>
      <entry xml:base="file:///etc/"><id>e3</id>
        <link rel="enclosure" type="image/png" href="3.png"/></entry>
      </feed>
      """.utf8)
    let origin = "https://feeds.example/blog/feed.xml"
    let expected = Decoded { () throws(FeedError) in
      try FeedDocument.decode(atom, origin: origin)
    }
    #expect(
      expected.items.map(\.imageURL) == [
        "https://b.example/e/i/1.jpg", "https://feeds.example/blog/media/2.png",
        "https://feeds.example/blog/media/3.png",
      ])
    #expect(expected.next == "https://feeds.example/blog/media/page/2")
    for size in Self.readSizes {
      let got = try withStream(over: atom, readSize: size) { stream, _ in
        Decoded { () throws(FeedError) in
          try FeedDocument.decode(stream, origin: origin, options: LoadOptions())
        }
      }
      #expect(got == expected, "read size \(size)")
    }
  }

  @Test func emptyFileIsAnEndOfInputAtTheStart() throws {
    let (got, _) = try streamed([], readSize: 64)
    #expect(
      got.error
        == .malformed(
          format: "JSON",
          source: "test.json", location: "line 1, column 1",
          detail: "unexpected end of input, expected a value"))
  }

  @Test func fileSmallerAndLargerThanARead() throws {
    let json = bigFeed(300)
    for size in [json.count * 2, json.count, json.count - 1, 4096, 89] {
      let (got, _) = try streamed(json, readSize: size)
      #expect(got.items.count == 300, "read size \(size)")
      #expect(got.next == "page2.json" && got.title == "big", "read size \(size)")
    }
  }

  @Test func decodedBytesAreGivenBack() throws {
    let json = bigFeed(20_000)
    let (got, released) = try streamed(json, readSize: 8192)
    #expect(got.items.count == 20_000)
    // All but the last few reads' worth.
    #expect(released >= json.count - 4 * 8192, "released \(released) of \(json.count)")
  }

  @Test func errorAfterGivenBackPagesHasItsExactLineAndColumn() throws {
    var json = bigFeed(20_000)
    // Item 15,000 is on line 15,000 (line 1 holds the title and item 0).
    let needle = Array(#""https://images.example.com/feed/14999.jpg", "width": "#.utf8)
    let at = try #require(json.firstRange(of: needle))
    json[at.upperBound - 2] = UInt8(ascii: ";")
    let (got, released) = try streamed(json, readSize: 4096)
    #expect(released > 1_000_000)
    #expect(got == whole(json))
    guard case .malformed("JSON", _, let location, _) = got.error else {
      Issue.record("expected malformed JSON, got \(got)")
      return
    }
    #expect(location == "line 15000, column 61")
  }

  @Test func topLevelPartsLargerThanAReadComeFirst() throws {
    let long = String(repeating: "m", count: 50_000)
    let json = Array(
      #"{"meta": {"notes": ["\#(long)", 1, true]}, "items": [{"img": "a", "w": 1, "h": 2}]}"#
        .utf8)
    let (got, _) = try streamed(json, readSize: 100)
    #expect(got == whole(json))
    #expect(got.items.map(\.imageURL) == ["a"])
  }

  @Test func limitsFailAsWholeDocumentsDo() throws {
    let json = bigFeed(3000)
    var options = LoadOptions()
    options.maxItems = 2500
    #expect(try streamed(json, readSize: 500, options: options).0 == whole(json, options: options))
    options = LoadOptions()
    options.maxStringLength = 40
    #expect(try streamed(json, readSize: 500, options: options).0 == whole(json, options: options))
    options = LoadOptions()
    options.maxBytes = json.count - 1
    #expect(
      try streamed(json, readSize: 500, options: options).0.error
        == .limitExceeded(source: "test.json", limit: .bodySize(json.count - 1), location: nil))
  }

  @Test func fileTruncatedWhileReadingEndsWhereItWasCut() throws {
    let json = bigFeed(100)
    try withStream(over: json, readSize: 1000) { stream, path in
      try stream.fill(upTo: 1000)
      #expect(truncate(path, 500) == 0)
      try stream.readToEnd()
      #expect(stream.count == 1000)
      #expect(stream.isComplete)
      #expect(Array(stream.bytes) == Array(json[0..<1000]))
    }
  }

  @Test func fileGrowingWhileReadingIsReadToItsNewEnd() throws {
    let json = bigFeed(100)
    try withStream(over: Array(json[0..<2000]), readSize: 700) { stream, path in
      try stream.fill(upTo: 700)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(json[2000...]))
      try handle.close()
      try stream.readToEnd()
      #expect(Array(stream.bytes) == json)
    }
  }

  @Test func releasedBytesAreNotReadAgain() throws {
    let page = StreamedBytes.pageSize
    try withStream(over: [UInt8](repeating: 0x41, count: 5 * page), readSize: 4096) { stream, _ in
      try stream.readToEnd()
      stream.release(upTo: 2 * page + 10)
      #expect(stream.released == 2 * page)
      // Given-back pages of an anonymous mapping read as zeros; the rest is intact.
      #expect(stream.bytes[0] == 0)
      #expect(stream.bytes[2 * page] == 0x41)
    }
  }

  @Test func itemListIsSizedFromTheFirstItemsNotByDoubling() throws {
    // 5,000 items: doubling would leave room for 8,192.
    let json = bigFeed(5000)
    let fromBytes = try LiberalJSONDecoder.decode(json, source: "t").items
    #expect(fromBytes.count == 5000)
    #expect(fromBytes.capacity <= 5200, "capacity \(fromBytes.capacity)")
    let streamedItems = try withStream(over: json, readSize: 4096) { stream, _ in
      try LiberalJSONDecoder.decode(
        stream, source: "t", options: LoadOptions(), expectedBytes: json.count
      ).items
    }
    #expect(streamedItems == fromBytes)
    #expect(streamedItems.capacity <= 5200, "capacity \(streamedItems.capacity)")
  }
}
