import Testing

@testable import FeedKit

@Suite struct TextArenaTests {
  private func append(_ text: String, to arena: inout TextArena) -> TextSlice {
    var text = text
    return text.withUTF8 { arena.append($0) }
  }

  @Test func textsSurviveChunkChangesAndKeepTheirBytes() {
    var arena = TextArena()
    var kept: [(String, TextSlice)] = []
    // Enough texts of varied length to fill several chunks, doubling up to the largest.
    for i in 0..<60_000 {
      let text = String(repeating: "x", count: i % 97) + "/\(i)"
      kept.append((text, append(text, to: &arena)))
    }
    #expect(kept.allSatisfy { $0.1.string == $0.0 })
  }

  @Test func aTextLargerThanAChunkGetsItsOwn() {
    var arena = TextArena()
    let small = append("before", to: &arena)
    let huge = String(repeating: "h", count: TextArena.maxChunk + 5)
    let large = append(huge, to: &arena)
    let after = append("after", to: &arena)
    #expect(large.string == huge)
    #expect(small.string == "before")
    #expect(after.string == "after")
  }

  @Test func emptyTextsAreEmpty() {
    var arena = TextArena()
    #expect(append("", to: &arena).string == "")
    #expect(append("", to: &arena) == TextSlice(""))
  }

  @Test func differentASCIITextsOfEqualLengthDiffer() {
    #expect(TextSlice("abc") != TextSlice("abd"))
    #expect(TextSlice("abc") == TextSlice("abc"))
  }
}
