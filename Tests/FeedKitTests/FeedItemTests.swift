import Testing

@testable import FeedKit

@Suite struct FeedItemTests {
  @Test func strideIsThirtyTwoBytes() {
    // The URL and the optional texts share one slice: no box reference beside it.
    #expect(MemoryLayout<FeedItem>.stride <= 32)
  }

  @Test func settingTheURLOnACopyLeavesTheOriginal() throws {
    let document = try decode(
      #"[{"img": "a.jpg", "w": 1, "h": 1}, {"img": "b.jpg", "w": 1, "h": 1}]"#)
    var copy = document.items[0]
    copy.imageURL = "changed.jpg"
    #expect(copy.imageURL == "changed.jpg")
    #expect(document.items.map(\.imageURL) == ["a.jpg", "b.jpg"])
  }

  @Test func decodedAndBuiltItemsAreEqualAndHashAlike() throws {
    let decoded = try decode(#"[{"img": " x/ü.jpg ", "w": 2, "h": 3}]"#).items[0]
    let built = FeedItem(imageURL: "x/ü.jpg", width: 2, height: 3)
    #expect(decoded == built)
    #expect(decoded.hashValue == built.hashValue)
    #expect(decoded != FeedItem(imageURL: "x/u.jpg", width: 2, height: 3))
  }

  @Test func canonicallyEquivalentURLsStayEqualAsStringsAre() {
    // U+212A KELVIN SIGN is canonically equivalent to "K"; "é" precomposed to "e" + U+0301.
    let pairs = [("\u{212A}.jpg", "K.jpg"), ("caf\u{E9}.jpg", "cafe\u{301}.jpg")]
    for (a, b) in pairs {
      #expect(a == b)
      let x = FeedItem(imageURL: a, width: 1, height: 1)
      let y = FeedItem(imageURL: b, width: 1, height: 1)
      #expect(x == y)
      #expect(x.hashValue == y.hashValue)
    }
  }

  @Test func emptyURLRoundTrips() {
    var item = FeedItem(imageURL: "", width: 1, height: 1)
    #expect(item.imageURL == "")
    item.imageURL = "a"
    #expect(item.imageURL == "a")
  }

  @Test func identityBytesAreTheIdElseTheURL() {
    let plain = FeedItem(imageURL: "u.jpg", width: 1, height: 1)
    let withID = FeedItem(imageURL: "u.jpg", width: 1, height: 1, id: "42")
    #expect(plain.withIdentityUTF8 { Array($0) } == Array("u.jpg".utf8))
    #expect(withID.withIdentityUTF8 { Array($0) } == Array("42".utf8))
  }

  @Test func invalidUTF8InAURLBecomesReplacementCharacters() throws {
    var bytes = Array(#"[{"img": "a"#.utf8)
    bytes += [0xFF, 0xC3]
    bytes += Array(#".jpg", "w": 1, "h": 1}]"#.utf8)
    let item = try #require(FeedDecoder.decode(bytes, source: "t").items.first)
    #expect(item.imageURL == "a\u{FFFD}\u{FFFD}.jpg")
  }
}
