import FeedModel
import Testing

@testable import FeedKit

@Suite struct ItemKeyTests {
  private func key(_ name: String) -> ItemKey? {
    var name = name
    return name.withUTF8 { ItemKey.named($0) }
  }

  /// The dispatch spells every name itself; each name of the lists the messages and ranks come
  /// from must reach its own rank.
  @Test func everyListedNameFindsItsRank() {
    for (rank, name) in ItemFields.imageKeys.enumerated() {
      #expect(key(name.description) == .image(rank: rank), "\(name)")
    }
    for (rank, name) in PicturePlaceholder.blurKeys.enumerated() {
      #expect(key(name.description) == .placeholder(.blurHash, rank: rank), "\(name)")
    }
    for (rank, name) in PicturePlaceholder.colorKeys.enumerated() {
      #expect(key(name.description) == .placeholder(.color, rank: rank), "\(name)")
    }
  }

  @Test(arguments: [
    ("width", ItemKey.width), ("height", .height), ("w", .shortWidth), ("h", .shortHeight),
    ("title", .title), ("link", .link), ("id", .id),
  ])
  func fieldNamesAreFound(name: String, expected: ItemKey) {
    #expect(key(name) == expected)
  }

  /// Keys of a name's length and first byte that differ in any later byte are not that name.
  @Test(arguments: [
    "", "x", "W", "ix", "imx", "imgs", "imagE", "widtH", "heigh", "heightt", "titel", "lin",
    "blurhasx", "blurHasx", "blur_hasH", "colo", "colouR", "avg_colour", "average_colo",
    "dominant_colo", "urL", "srcs", "i d", "Width",
  ])
  func otherKeysAreNotFields(name: String) {
    #expect(key(name) == nil)
  }

  /// A key with escapes is matched on its text, as before the dispatch.
  @Test func escapedKeysMatchTheirText() throws {
    let document = try decode(
      #"[{"\u0069mg": "a.jpg", "wid\u0074h": 1, "h\u0065ight": "2", "\u0074itle": "t"}]"#)
    let item = try #require(document.items.first)
    #expect(item.imageURL == "a.jpg")
    #expect(item.width == 1)
    #expect(item.height == 2)
    #expect(item.title == "t")
  }
}
