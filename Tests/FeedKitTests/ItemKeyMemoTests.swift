import FeedModel
import TestSupport
import Testing

@testable import FeedKit

/// A key repeated byte for byte from the item before is known without being read: whatever
/// the items' keys do from one item to the next, the feed decodes to the items each would
/// decode to alone.
@Suite struct ItemKeyMemoTests {
  /// Keys spelled in the ways a feed may spell them: plain, with space before the colon, with
  /// an escape, unknown, long, and aliases of one field.
  static let spellings: [(key: String, value: String)] = [
    (#""img""#, #""a.jpg""#), (#""img" "#, #""b.jpg""#), (#""im\u0067""#, #""c.jpg""#),
    (#""url""#, #""d.jpg""#), (#""width""#, "640"), (#""width""#, #""1200""#),
    (#""w""#, "30"), (#""height""#, "480"), (#""h""#, #""20""#), (#""title""#, #""T""#),
    (#""id""#, "7"), (#""unknown""#, "[1, {\"img\": \"x\"}]"),
    ("\"" + String(repeating: "k", count: 60) + "\"", "1"), (#""height""#, #""abc""#),
  ]

  /// The feed as one document, and each item as a document of its own: the same items, and
  /// the same skips.
  @Test func aFeedDecodesAsItsItemsAlone() throws {
    var random = SplitMix64(seed: 3)
    var items: [String] = []
    for _ in 0..<400 {
      // Runs of one shape, then another: the memo is used, missed and refilled.
      let shape = (0..<Int.random(in: 1...20, using: &random)).map { _ in
        Self.spellings.randomElement(using: &random)!
      }
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        items.append("{" + shape.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}")
      }
    }
    let whole = try decode("[" + items.joined(separator: ",\n") + "]")
    var alone: [FeedItem] = []
    var skips = 0
    for item in items {
      let document = try decode("[" + item + "]")
      alone += document.items
      skips += document.skipped.count
    }
    #expect(whole.items == alone)
    #expect(whole.skipped.count == skips)
  }
}
