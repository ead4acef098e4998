import Testing

@testable import FeedModel

@Suite struct TextBlockWriterTests {
  private func append(_ text: String, to arena: inout TextBlockWriter) -> TextHandle {
    var text = text
    return text.withUTF8 { arena.append($0) }
  }

  @Test func textsSurviveChunkChangesAndKeepTheirBytes() {
    var arena = TextBlockWriter()
    var kept: [(String, TextHandle)] = []
    // Enough texts of varied length to fill several chunks, doubling up to the largest.
    for i in 0..<60_000 {
      let text = String(repeating: "x", count: i % 97) + "/\(i)"
      kept.append((text, append(text, to: &arena)))
    }
    #expect(kept.allSatisfy { $0.1.string == $0.0 })
  }

  @Test func aTextLargerThanAChunkGetsItsOwn() {
    var arena = TextBlockWriter()
    let small = append("before", to: &arena)
    let huge = String(repeating: "h", count: TextBlockWriter.maxChunk + 5)
    let large = append(huge, to: &arena)
    let after = append("after", to: &arena)
    #expect(large.string == huge)
    #expect(small.string == "before")
    #expect(after.string == "after")
  }

  /// The common start is found eight bytes a step: a first difference at any position of a
  /// word, in texts of any length (and one text a prefix of the other) must be found exactly,
  /// as must a difference in a non-ASCII byte.
  @Test func commonPrefixIsExactAtEveryPosition() {
    for length in 0..<40 {
      let base = (0..<length).map { UInt8(0x61 + $0 % 26) }
      for shorter in 0...length {
        base.withUnsafeBufferPointer { a in
          Array(base[..<shorter]).withUnsafeBufferPointer { b in
            #expect(TextBlockWriter.commonPrefix(a, b) == shorter, "\(length), prefix \(shorter)")
          }
        }
      }
      for position in 0..<length {
        for changed: UInt8 in [base[position] ^ 0x01, 0xC3, 0x80] {
          var other = base
          other[position] = changed
          base.withUnsafeBufferPointer { a in
            other.withUnsafeBufferPointer { b in
              #expect(
                TextBlockWriter.commonPrefix(a, b) == position, "\(length), differs at \(position)")
              #expect(TextBlockWriter.commonPrefix(b, a) == position)
            }
          }
        }
      }
    }
  }

  @Test func emptyTextsAreEmpty() {
    var arena = TextBlockWriter()
    #expect(append("", to: &arena).string == "")
    #expect(append("", to: &arena) == TextHandle(""))
  }

  @Test func differentASCIITextsOfEqualLengthDiffer() {
    #expect(TextHandle("abc") != TextHandle("abd"))
    #expect(TextHandle("abc") == TextHandle("abc"))
  }

  @Test func urlsWithACommonStartKeepOnlyTheirOwnBytes() {
    var arena = TextBlockWriter()
    let urls = (0..<10_000).map { "https://images.example.com/feed/\($0).jpg" }
    let slices = urls.map { append($0, to: &arena) }
    #expect(slices.map(\.string) == urls)
    // 32 shared bytes each: a header and about 8 own bytes instead of about 40.
    let whole = urls.reduce(0) { $0 + $1.utf8.count }
    #expect(arena.storedBytes < whole / 2, "stored \(arena.storedBytes) of \(whole)")
  }

  @Test func stemmedAndWholeCopiesOfATextAreEqual() {
    var arena = TextBlockWriter()
    _ = append("https://images.example.com/feed/first.jpg", to: &arena)
    let stemmed = append("https://images.example.com/feed/é.jpg", to: &arena)
    let whole = TextHandle("https://images.example.com/feed/é.jpg")
    #expect(stemmed == whole)
    #expect(stemmed.hashValue == whole.hashValue)
    #expect(stemmed != TextHandle("https://images.example.com/feed/e.jpg"))
  }

  @Test func aTextChangingHostBecomesTheNewStem() {
    var arena = TextBlockWriter()
    let texts = [
      "https://a.example.com/pictures/1.jpg", "https://a.example.com/pictures/2.jpg",
      "http://b.example.org/x/1.png", "http://b.example.org/x/2.png",
      "https://a.example.com/pictures/3.jpg", "short", "https://a.example.com/pictures/",
      "https://a.example.com/pictures/", String(repeating: "z", count: 70_000),
      String(repeating: "z", count: 70_001),
    ]
    let slices = texts.map { append($0, to: &arena) }
    #expect(slices.map(\.string) == texts)
  }

  @Test func textsSplitInsideACharacterComeBackWhole() {
    var arena = TextBlockWriter()
    // The stem and the next text share the first two bytes of "中" (E4 B8 AD) and "丮" (E4 B8 AE).
    let texts = ["https://example.com/中.jpg", "https://example.com/丮.jpg"]
    #expect(texts.map { append($0, to: &arena).string } == texts)
  }
}
