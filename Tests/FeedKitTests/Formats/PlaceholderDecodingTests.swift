import FeedModel
import Testing

@testable import FeedKit

/// Each format's placeholder field, read from documents shaped as the services send them; and
/// anything that is not a valid colour or BlurHash left out without a word.
@Suite struct PlaceholderDecodingTests {
  /// The items with a picture: a text item has no placeholder to read.
  private func items(_ text: String) throws -> [FeedItem] {
    try FeedDocument.decode(Array(text.utf8), origin: "test").items.filter(\.hasPicture)
  }

  private func blur(_ text: String) throws -> PicturePlaceholder {
    try #require(PicturePlaceholder(blurHash: text))
  }

  @Test func unsplashPrefersItsBlurHashToItsColour() throws {
    #expect(
      try items(WildDocuments.unsplash).map(\.placeholder) == [blur("LoC%a7IoIVxZ_NM|M{s:%hRjWAo0")]
    )
  }

  @Test func unsplashWithoutABlurHashHasItsColour() throws {
    let document = WildDocuments.unsplash.replacingOccurrences(of: "\"blur_hash\"", with: "\"x\"")
    #expect(try items(document).map(\.placeholder) == [.color(red: 0x60, green: 0x54, blue: 0x4D)])
  }

  @Test func pexelsHasItsAverageColour() throws {
    #expect(
      try items(WildDocuments.pexels).map(\.placeholder) == [
        .color(red: 0x97, green: 0x8E, blue: 0x82), .color(red: 0x11, green: 0x11, blue: 0x11),
      ])
  }

  @Test func mastodonHasItsAttachmentsBlurHash() throws {
    #expect(
      try items(WildDocuments.mastodon).map(\.placeholder) == [
        blur("UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH"), nil,
      ])
  }

  @Test func formatsWithoutPlaceholdersHaveNone() throws {
    for document in [WildDocuments.jsonFeed, WildDocuments.rss, WildDocuments.pixabay] {
      #expect(try items(document).allSatisfy { $0.placeholder == nil })
    }
  }

  @Test func theClassicShapeTakesEveryCommonName() throws {
    let json = #"""
      {"data": [
        {"img": "a.jpg", "width": 1, "height": 1, "color": "#c0d8d8"},
        {"img": "b.jpg", "width": 1, "height": 1, "color": "#fff", "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"},
        {"img": "c.jpg", "width": 1, "height": 1, "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"},
        {"img": "d.jpg", "width": 1, "height": 1, "colour": "\u0023abc", "dominant_color": "#010203"},
        {"img": "e.jpg", "width": 1, "height": 1, "avg_color": " #978E82\n"},
        {"img": "f.jpg", "width": 1, "height": 1, "dominant_color": "123"},
        {"img": "g.jpg", "width": 1, "height": 1}
      ]}
      """#
    let example = try blur("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
    #expect(
      try items(json).map(\.placeholder) == [
        .color(red: 0xC0, green: 0xD8, blue: 0xD8), example, example,
        .color(red: 0xAA, green: 0xBB, blue: 0xCC), .color(red: 0x97, green: 0x8E, blue: 0x82),
        .color(red: 0x11, green: 0x22, blue: 0x33), nil,
      ])
  }

  @Test func unusablePlaceholdersAreIgnoredAndTheItemKept() throws {
    let huge = String(repeating: "L", count: 200_000)
    let json = #"""
      [{"img": "a.jpg", "width": 1, "height": 1, "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdn", "color": "red"},
       {"img": "b.jpg", "width": 1, "height": 1, "blurhash": "\#(huge)", "color": 12},
       {"img": "c.jpg", "width": 1, "height": 1, "blurhash": "LEHV6nWB2yk8pyo0adR*.7kC\u001b[nj",
        "color": {"r": 1}},
       {"img": "d.jpg", "width": 1, "height": 1, "blurhash": null, "color": "#1234567",
        "avg_color": "#abcdef"}]
      """#
    let decoded = try items(json)
    #expect(decoded.map(\.imageURL) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
    #expect(
      decoded.map(\.placeholder) == [nil, nil, nil, .color(red: 0xAB, green: 0xCD, blue: 0xEF)])
  }

  @Test func aPlaceholderSurvivesThePagesTextBlocks() throws {
    // Many items in one page share blocks and stem their URLs: each keeps its own placeholder.
    let entries = (0..<500).map { i in
      let color = "#" + String(i % 4096, radix: 16).leftPadded(3)
      return #"{"img": "https://images.example.com/feed/\#(i).jpg", "w": 2, "h": 1, "color": ""#
        + color + "\"}"
    }
    let decoded = try items("[" + entries.joined(separator: ",") + "]")
    for (i, item) in decoded.enumerated() {
      let expected = PicturePlaceholder(color: String(i % 4096, radix: 16).leftPadded(3))
      #expect(item.placeholder == expected, "item \(i)")
    }
  }
}

extension String {
  fileprivate func leftPadded(_ count: Int) -> String {
    String(repeating: "0", count: max(0, count - self.count)) + self
  }
}
