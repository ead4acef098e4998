import FeedModel
import Foundation
import Testing

@testable import FeedKit

@Suite struct XMLRepairTests {
  private func decode(_ bytes: [UInt8], format: FeedFormat? = nil) throws -> FeedDocument {
    try FeedDocument.decode(bytes, format: format, origin: "t.xml")
  }

  private func decode(_ text: String) throws -> FeedDocument { try decode(Array(text.utf8)) }

  private func failure(_ text: String, format: FeedFormat? = nil) -> FeedError? {
    #expect(throws: FeedError.self) { try decode(Array(text.utf8), format: format) }
  }

  private let item = #"<enclosure url="https://h.example/1.jpg" type="image/jpeg"/>"#

  @Test func whiteSpaceAndByteOrderMarkBeforeTheDeclarationAreAccepted() throws {
    let text =
      "\n  <?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss><channel><item>\(item)</item>"
      + "</channel></rss>"
    #expect(try decode(text).items.count == 1)
    #expect(try decode("\u{FEFF}" + text).items.count == 1)
  }

  @Test func htmlEntitiesAreAcceptedAndXMLOnesAndCDATALeftAlone() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Caf&eacute; &amp; &lt;b&gt; &#233;&hellip;</title>
      <entry><title><![CDATA[&eacute; kept]]></title><id>a&nbsp;b&mdash;&rsquo;</id>
      <link rel="enclosure" href="https://h.example/1.jpg?a=1&amp;b=2&copy;"/></entry></feed>
      """)
    #expect(document.title == "Café & <b> é…")
    #expect(document.items.first?.title == "&eacute; kept")
    #expect(document.items.first?.id == "a\u{A0}b\u{2014}\u{2019}")
    #expect(document.items.first?.imageURL == "https://h.example/1.jpg?a=1&b=2©")
  }

  /// A misspelt closing tag was refused ("mismatched tag"); feed readers take it as closing
  /// the element it was meant to.
  @Test func aMismatchedClosingTagClosesTheInnermostElement() throws {
    let document = try decode(
      """
      <?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
      <language>en-us</langauge>
      <item><title a="x>y">One</Title><enclosure url="https://e.example/1.jpg" type="image/jpeg"/></item>
      <item><description>a<br>b</description><enclosure url="https://e.example/2.jpg" type="image/jpeg"/></item>
      </channel></rss>
      """)
    #expect(
      document.items.map(\.imageURL) == ["https://e.example/1.jpg", "https://e.example/2.jpg"])
    #expect(document.items.first?.title == "One")
  }

  /// XML that is not a feed said "malformed JSON".
  @Test func xmlOfAnotherKindIsSaidToBeNoFeed() {
    let error = #expect(throws: FeedError.self) {
      try FeedDocument.decode(
        Array("<?xml version=\"1.0\"?><note><to>Tove</to></note>".utf8), origin: "n.xml")
    }
    #expect(error?.description.contains("root element is <note>") == true)
    #expect(error?.description.contains("JSON") == false)
  }

  @Test func bareAmpersandIsText() throws {
    let document = try decode(
      """
      <rss><channel><title>Tom & Jerry</title>
      <item><enclosure url="https://h.example/1.jpg?a=1&b=2" type="image/jpeg"/></item>
      </channel></rss>
      """)
    #expect(document.title == "Tom & Jerry")
    #expect(document.items.first?.imageURL == "https://h.example/1.jpg?a=1&b=2")
  }

  @Test func invalidUTF8BecomesReplacementCharacters() throws {
    // UTF-8 by its "é", with bad sequences (a document with none would be windows-1252).
    var bytes = Array("<rss><channel><title>bad ".utf8)
    bytes += [0xFF, 0x20, 0xC3]
    bytes += Array("</title><item><title>é x".utf8) + [0xE2, 0x82]
    bytes += Array("</title>\(item)</item></channel></rss>".utf8)
    let document = try decode(bytes)
    #expect(document.title == "bad \u{FFFD} \u{FFFD}")
    #expect(document.items.first?.title == "é x\u{FFFD}")
  }

  /// An escape sequence goes whole, not only its ESC: `ESC ] 0 ; PWNEDTITLE BEL` left
  /// `]0;PWNEDTITLE` in the title when the ESC became a space.
  @Test func escapeSequencesAreDroppedWhole() throws {
    let esc = "\u{1B}"
    let entries = [
      "<item><title>T7 \(esc)]0;PWNEDTITLE\u{07}x</title>\(item)</item>",
      "<item><title>a\(esc)[1;31mred\(esc)[0m b</title>\(item)</item>",
      "<item><title>c <![CDATA[d\(esc)]8;;http://evil/\(esc)\\e]]></title>\(item)</item>",
      "<item><title>f\(esc)]0;never ends</title>\(item)</item>",
      "<item><title>g\(esc)(0h</title>\(item)</item>",
    ]
    let text =
      "<?xml version=\"1.0\"?><rss><channel><title>t</title>" + entries.joined()
      + "</channel></rss>"
    let document = try decode(Array(text.utf8))
    #expect(document.items.map(\.title) == ["T7 x", "ared b", "c de", "f", "gh"])
  }

  @Test(arguments: [0x0B, 0x0C, 0x00, 0x07] as [UInt8])
  func controlCharactersBecomeSpacesInTextAndCDATA(control: UInt8) throws {
    // Inside CDATA libxml2 dropped the entry and every later one, with no error; outside, the
    // parser stopped at the character ("invalid character").
    let entries = [
      "<item><title>first</title>\(item)</item>",
      "<item><title>in <![CDATA[x\u{1}y]]> cdata</title>\(item)</item>",
      "<item><title>plain x\u{1}y</title><description><![CDATA[<p>a\u{1}b</p>]]></description>"
        + "\(item)</item>",
      "<item><title>third</title>\(item)</item>",
    ]
    let text =
      "<?xml version=\"1.0\"?><rss><channel><title>T\u{1}itle</title>"
      + entries.joined() + "</channel></rss>"
    let bytes = Array(text.utf8).map { $0 == 0x01 ? control : $0 }
    let document = try decode(bytes)
    #expect(document.title == "T itle")
    #expect(document.items.map(\.title) == ["first", "in x y cdata", "plain x y", "third"])
  }

  /// UTF-16 with its byte order mark, as Windows tools save "Unicode" text, both byte orders,
  /// an XML declaration that says so, and a JSON Feed: each was taken for broken JSON.
  @Test(arguments: [false, true])
  func utf16DocumentsAreReadAsTheirText(bigEndian: Bool) async throws {
    func utf16(_ text: String) -> [UInt8] {
      let mark: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      return mark
        + text.utf16.flatMap { unit -> [UInt8] in
          let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
          return bigEndian ? [high, low] : [low, high]
        }
    }
    let rss = utf16(
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<rss><channel><title>Café 日本</title>"
        + "<item><title>Ünïcode 🙂</title>\(item)</item></channel></rss>")
    let document = try decode(rss)
    #expect(document.title == "Café 日本")
    #expect(document.items.map(\.title) == ["Ünïcode 🙂"])
    let feed = utf16(
      #"{"version": "https://jsonfeed.org/version/1.1", "title": "Ü", "items": [{"id": "1", "#
        + #""image": "https://h.example/1.jpg"}]}"#)
    #expect(try decode(feed).items.map(\.imageURL) == ["https://h.example/1.jpg"])
    // Read as it streams from a file, the same.
    let path = NSTemporaryDirectory() + "utf16-\(bigEndian)-\(getpid()).xml"
    try Data(rss).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let loaded = try await FeedLoader().load(.file(path))
    #expect(loaded.items.map(\.title) == ["Ünïcode 🙂"])
  }

  @Test func declaredLatin1IsReadAsLatin1() throws {
    var bytes = Array(
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>Caf".utf8)
    bytes += [0xE9]
    bytes += Array("</title><item>\(item)</item></channel></rss>".utf8)
    #expect(try decode(bytes).title == "Café")
  }

  @Test func undeclaredEntityIsNamedAtItsPlaceInTheSentDocument() {
    // The blank first line and the two rewritten entities must not move the position.
    let failure = failure(
      "\n<?xml version=\"1.0\"?>\n<rss><channel><title>&eacute;&eacute; &bogus;</title>\n"
        + "</channel></rss>")
    guard case .malformed("RSS", "t.xml", let location, let detail)? = failure else {
      Issue.record("expected a malformed RSS error, got \(String(describing: failure))")
      return
    }
    #expect(location == "line 3, column 46")
    #expect(detail.hasPrefix("undeclared entity"))
  }

  @Test func parserErrorsAreSaidInWords() {
    let twice = failure("<rss>\n<channel><title a=\"1\" a=\"2\">a</title>\n</channel></rss>")
    #expect(twice?.description.contains("attribute given twice in one tag") == true)
    #expect(twice?.description.contains("at line 2, column ") == true)
    let empty = failure(" \n", format: .rss)
    #expect(empty?.description.contains("document is empty") == true)
    #expect(twice?.description.contains("XML error") == false)
  }

  @Test func positionsMapBackThroughEveryRewrite() {
    let repair = XMLRepair(Array("\u{FEFF}\n\n<a>&eacute;x\u{FF}".utf8) + [0xFF] + Array("&b".utf8))
    // Sent: BOM(3) \n \n <a> &eacute; x ÿ(2) FF & b; mended: <a>&#233;x ÿ EF BF BD &amp; b.
    #expect(repair.bytes == Array("<a>&#233;xÿ\u{FFFD}&amp;b".utf8))
    #expect(repair.originalOffset(0) == 5)
    #expect(repair.originalOffset(3) == 8)
    #expect(repair.originalOffset(5) == 8)
    #expect(repair.originalOffset(9) == 16)
    #expect(repair.originalOffset(12) == 19)
    #expect(repair.originalOffset(15) == 20)
    #expect(repair.originalOffset(20) == 21)
    #expect(repair.offset(line: 1, column: 12) == 12)
  }
}
