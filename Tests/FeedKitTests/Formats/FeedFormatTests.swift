import FeedModel
import Testing

@testable import FeedKit

@Suite struct FeedFormatTests {
  @Test(arguments: [
    ("{\"data\": []}", FeedFormat.Sniffed.format(.json)),
    ("\u{FEFF}  [1]", .format(.json)),
    ("garbage", .format(.json)),
    ("<!DOCTYPE html><html>", .markup("an HTML page")),
    ("  <html><body>", .markup("an HTML page")),
    ("<?xml version=\"1.0\"?><rss>", .markup("an XML document (an RSS or Atom feed?)")),
    (
      "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
      .markup("an XML document (an RSS or Atom feed?)")
    ),
    ("<RSS version=\"2.0\">", .markup("an XML document (an RSS or Atom feed?)")),
  ])
  func documentsAreToldApartByTheirFirstBytes(text: String, expected: FeedFormat.Sniffed) {
    #expect(FeedFormat.sniff(Array(text.utf8)) == expected)
  }

  @Test func anXMLFeedIsNotCalledAnHTMLPage() {
    let rss = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel></channel></rss>"
    // Detected, an RSS feed without items is an empty feed; read as JSON, it is called XML.
    #expect((try? FeedDocument.decode(Array(rss.utf8), origin: "feed.xml"))?.items.isEmpty == true)
    #expect(throws: FeedError.self) {
      try FeedDocument.decode(Array(rss.utf8), format: .json, origin: "feed.xml")
    }
    do {
      _ = try FeedDocument.decode(Array(rss.utf8), format: .json, origin: "feed.xml")
    } catch {
      #expect(error.description.contains("an XML document"), "\(error)")
      #expect(!error.description.contains("HTML"), "\(error)")
      #expect(error.description.contains("feed.xml: malformed JSON at line 1, column 1"))
    }
  }

  @Test func theEntryPointDecodesJSONWithoutBeingTold() throws {
    let json = #"{"data": [{"img": "a.jpg", "width": 4, "height": 3}]}"#
    let document = try FeedDocument.decode(Array(json.utf8), origin: "t")
    #expect(document.items.map(\.imageURL) == ["a.jpg"])
    let told = try FeedDocument.decode(Array(json.utf8), format: .json, origin: "t")
    #expect(told.items == document.items)
  }
}
