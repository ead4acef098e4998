import FeedModel
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
    let item = try #require(LiberalJSONDecoder.decode(bytes, source: "t").items.first)
    #expect(item.imageURL == "a\u{FFFD}\u{FFFD}.jpg")
  }
}

/// The optional texts (title, id, link) kept with the URL in the page's chunks: each present or
/// absent, empty, long, non-ASCII, changed on a copy, and compared across pages.
@Suite struct FeedItemTextsTests {
  /// The texts of combination `mask`: bit 0 a title, bit 1 an id, bit 2 a link.
  private func texts(_ mask: Int, _ n: Int) -> (title: String?, id: String?, link: String?) {
    (
      mask & 1 != 0 ? "Picture \(n) of the feed" : nil, mask & 2 != 0 ? "id-\(n)" : nil,
      mask & 4 != 0 ? "https://example.com/page/\(n)" : nil
    )
  }

  private func json(_ mask: Int, _ n: Int) -> String {
    let (title, id, link) = texts(mask, n)
    var fields = [#""img": "https://images.example.com/feed/\#(n).jpg", "w": 3, "h": 4"#]
    if let title { fields.append(#""title": "\#(title)""#) }
    if let id { fields.append(#""id": "\#(id)""#) }
    if let link { fields.append(#""link": "\#(link)""#) }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  @Test(arguments: 0..<8) func everyCombinationOfTextsReadsBack(mask: Int) throws {
    // Two items sharing a long URL start: the second URL is kept stemmed, after its texts.
    let document = try decode("[" + json(mask, 1) + ", " + json(mask, 2) + "]")
    try #require(document.items.count == 2)
    for (n, decoded) in zip(1...2, document.items) {
      let (title, id, link) = texts(mask, n)
      let url = "https://images.example.com/feed/\(n).jpg"
      #expect(decoded.imageURL == url)
      #expect(decoded.title == title)
      #expect(decoded.id == id)
      #expect(decoded.link == link)
      let built = FeedItem(imageURL: url, width: 3, height: 4, title: title, id: id, link: link)
      #expect(decoded == built)
      #expect(decoded.hashValue == built.hashValue)
      #expect(decoded.identity == id ?? url)
      #expect(decoded.withIdentityUTF8 { Array($0) } == Array((id ?? url).utf8))
      // Any one text changed, added or removed makes a different item.
      var other = built
      if title == nil { other.title = "t" } else { other.title = nil }
      #expect(decoded != other)
    }
  }

  @Test func emptyTextsArePresentNotAbsent() throws {
    let decoded = try decode(#"[{"img": "a.jpg", "w": 1, "h": 1, "title": "", "link": ""}]"#)
      .items[0]
    #expect(decoded.title == "")
    #expect(decoded.link == "")
    #expect(decoded.id == nil)
    let absent = FeedItem(imageURL: "a.jpg", width: 1, height: 1)
    let empty = FeedItem(imageURL: "a.jpg", width: 1, height: 1, title: "", link: "")
    #expect(decoded == empty)
    #expect(decoded != absent)
    #expect(FeedItem(imageURL: "a.jpg", width: 1, height: 1, id: "") != absent)
    #expect(FeedItem(imageURL: "a.jpg", width: 1, height: 1, id: "").identity == "")
    // The same text in another field is another item.
    #expect(
      FeedItem(imageURL: "", width: 1, height: 1, title: "x")
        != FeedItem(imageURL: "", width: 1, height: 1, link: "x"))
  }

  @Test func longTextsReadBack() throws {
    // Longer than a chunk, so the item's record gets a chunk of its own.
    let long = String(repeating: "long title ", count: 200_000)
    var options = LoadOptions()
    options.maxStringLength = 4 << 20
    let document = try decode(
      #"[{"img": "https://example.com/a.jpg", "w": 1, "h": 1, "title": "short"}, "#
        + #"{"img": "https://example.com/b.jpg", "w": 1, "h": 1, "title": "\#(long)", "#
        + #""id": 7}, {"img": "https://example.com/c.jpg", "w": 1, "h": 1, "link": "l"}]"#,
      options: options)
    #expect(document.items.map(\.title) == ["short", long, nil])
    #expect(document.items.map(\.id) == [nil, "7", nil])
    #expect(document.items.map(\.link) == [nil, nil, "l"])
    #expect(document.items[1].imageURL == "https://example.com/b.jpg")
    let built = FeedItem(imageURL: "u", width: 1, height: 1, title: long, id: long, link: long)
    #expect(built.title == long && built.id == long && built.link == long)
  }

  @Test func nonASCIITextsCompareAsStringsDo() throws {
    // "é" precomposed and as "e" + U+0301; U+212A KELVIN SIGN and "K".
    let decoded = try decode(
      #"[{"img": "a.jpg", "w": 1, "h": 1, "title": "caf\u00e9 中", "id": "\u212A", "#
        + #""link": "https://example.com/🍁"}]"#
    ).items[0]
    #expect(decoded.title == "café 中")
    #expect(decoded.link == "https://example.com/🍁")
    let equivalent = FeedItem(
      imageURL: "a.jpg", width: 1, height: 1, title: "cafe\u{301} 中", id: "K",
      link: "https://example.com/🍁")
    #expect(decoded == equivalent)
    #expect(decoded.hashValue == equivalent.hashValue)
    // The session's dedupe compares identity bytes: the two ids are the same identity.
    let sameIdentity = decoded.withIdentityUTF8 { x in
      equivalent.withIdentityUTF8 { y in TextHandle.sameText(x, y) }
    }
    #expect(sameIdentity)
    #expect(decoded.withIdentityUTF8 { Array($0) } == Array("\u{212A}".utf8))
    var different = equivalent
    different.title = "cafe 中"
    #expect(decoded != different)
  }

  @Test func invalidUTF8InATitleBecomesReplacementCharacters() throws {
    var bytes = Array(#"[{"img": "a.jpg", "w": 1, "h": 1, "title": "t"#.utf8)
    bytes += [0xFF, 0xC3]
    bytes += Array(#"!", "id": 12.5e3}]"#.utf8)
    let item = try #require(LiberalJSONDecoder.decode(bytes, source: "t").items.first)
    #expect(item.title == "t\u{FFFD}\u{FFFD}!")
    #expect(item.id == "12.5e3")
  }

  @Test(arguments: ["imageURL", "title", "id", "link"])
  func settingATextOnACopyLeavesTheOtherItems(field: String) throws {
    let document = try decode("[" + (0..<3).map { json(7, $0) }.joined(separator: ", ") + "]")
    let before = document.items
    var copy = document.items[1]
    switch field {
    case "imageURL": copy.imageURL = "changed.jpg"
    case "title": copy.title = "changed"
    case "id": copy.id = "changed"
    default: copy.link = "changed"
    }
    #expect(document.items == before)
    #expect(document.items.map(\.title) == (0..<3).map { texts(7, $0).title })
    #expect(copy != before[1])
    // The other three fields are kept.
    #expect(copy.imageURL == (field == "imageURL" ? "changed.jpg" : before[1].imageURL))
    #expect(copy.title == (field == "title" ? "changed" : before[1].title))
    #expect(copy.id == (field == "id" ? "changed" : before[1].id))
    #expect(copy.link == (field == "link" ? "changed" : before[1].link))
  }

  @Test func removingAndEmptyingTextsOnACopy() {
    let original = FeedItem(imageURL: "u", width: 1, height: 1, title: "t", id: "i", link: "l")
    var copy = original
    copy.title = nil
    copy.id = ""
    #expect(copy.title == nil && copy.id == "" && copy.link == "l" && copy.imageURL == "u")
    #expect(copy.identity == "")
    copy.id = nil
    #expect(copy.identity == "u")
    copy.link = nil
    #expect(copy == FeedItem(imageURL: "u", width: 1, height: 1))
    #expect(original.title == "t" && original.id == "i" && original.link == "l")
  }

  @Test func itemsFromTwoPagesCompareEqual() throws {
    // The same item stemmed in one page and kept whole in the other.
    let first = try decode("[" + json(7, 10) + ", " + json(7, 11) + "]").items[1]
    let second = try decode("[" + json(7, 11) + "]").items[0]
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)
  }
}
