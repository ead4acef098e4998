import Testing

@testable import FeedModel

/// Placeholder colours as feeds write them, and the placeholder kept among an item's texts.
@Suite struct PicturePlaceholderTests {
  @Test(
    arguments: [
      ("#c0d8d8", 0xC0, 0xD8, 0xD8), ("978E82", 0x97, 0x8E, 0x82), ("#ABC", 0xAA, 0xBB, 0xCC),
      ("fff", 0xFF, 0xFF, 0xFF),
    ] as [(String, UInt8, UInt8, UInt8)])
  func coloursAreReadWithOrWithoutHash(text: String, red: UInt8, green: UInt8, blue: UInt8) {
    #expect(PicturePlaceholder(color: text) == .color(red: red, green: green, blue: blue))
  }

  @Test(arguments: [
    "", "#", "#12345", "#1234567", "red", "#ggg", "rgb(1,2,3)", " #abc", "#ab\u{1B}", "##abc",
  ])
  func otherColoursAreRefused(text: String) {
    #expect(PicturePlaceholder(color: text) == nil)
  }

  @Test func anItemKeepsItsPlaceholderAmongItsTexts() throws {
    let blur = try #require(PicturePlaceholder(blurHash: BlurHashTests.example))
    let color = PicturePlaceholder.color(red: 1, green: 2, blue: 3)
    let blurred = FeedItem(
      imageURL: "a.jpg", width: 4, height: 3, title: "t", id: "i", link: "l", placeholder: blur)
    #expect(blurred.placeholder == blur)
    #expect(blurred.title == "t" && blurred.id == "i" && blurred.link == "l")
    var coloured = blurred
    coloured.placeholder = color
    #expect(coloured.placeholder == color && blurred.placeholder == blur)
    #expect(coloured != blurred)
    coloured.placeholder = nil
    #expect(coloured.placeholder == nil && coloured.title == "t")
    #expect(
      coloured == FeedItem(imageURL: "a.jpg", width: 4, height: 3, title: "t", id: "i", link: "l"))
  }

  @Test func anItemWithoutAPlaceholderCostsNoMoreBytes() {
    #expect(MemoryLayout<FeedItem>.size == 32)
    let plain = TextHandle(url: "u", title: "t", id: nil, link: nil)
    // "t", its 4-byte length and a byte of flags, as before there were placeholders.
    let plainCount = plain.withTexts { $0.storedCount }
    #expect(plainCount == 6)
    let coloured = TextHandle(
      url: "u", title: "t", id: nil, link: nil,
      placeholder: .color(red: 0xC0, green: 0xD8, blue: 0xD8))
    // And a colour costs its 7 characters and a length.
    let colouredCount = coloured.withTexts { $0.storedCount }
    #expect(colouredCount == 6 + 7 + 4)
    #expect(coloured.text(.placeholder) == "#c0d8d8")
  }
}
