import FeedModel
import Foundation
import Testing

@testable import FeedKit

/// OPML as feed readers export it, read into subscriptions and written back.
@Suite struct OPMLTests {
  /// An export in the shape of Feedly's and newsboat's: OPML 1.0, folders as outlines with
  /// `text` only, feeds named by `title` or `text`, an entity in a name.
  static let export = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="1.0"><head><title>Subscriptions</title></head><body>
      <outline text="Photo &amp; Film" title="Photo &amp; Film">
        <outline text="Inner">
          <outline type="rss" text="Deep &lt;one&gt;" xmlUrl="https://deep.example/rss"/>
        </outline>
        <outline type="rss" title="Film" text="ignored" xmlUrl="https://film.example/atom"/>
      </outline>
      <outline type="rss" text="Top" xmlUrl="https://top.example/feed?token=t"/>
      <outline type="rss" text="Bad" xmlUrl="javascript:alert(1)"/>
    </body></opml>
    """

  @Test func nestedOutlinesAreFoldersAndBadAddressesSkipped() throws {
    let result = try OPMLReader.read(Array(Self.export.utf8), source: "in.opml")
    #expect(
      result.subscriptions == [
        Subscription(
          feed: "https://deep.example/rss", name: "Deep <one>", folders: ["Photo & Film", "Inner"]),
        Subscription(feed: "https://film.example/atom", name: "Film", folders: ["Photo & Film"]),
        Subscription(feed: "https://top.example/feed?token=t", name: "Top"),
      ])
    #expect(result.skipped.count == 1)
    #expect(result.skipped.first?.contains("javascript") == true)
  }

  @Test func writtenOPMLReadsBackTheSame() throws {
    let first = try OPMLReader.read(Array(Self.export.utf8), source: "in.opml").subscriptions
    let hostile = Subscription(feed: "https://x.example/?a=1&b=\"2\"", name: "<b>'x'\u{1b}\n")
    let written = OPMLWriter.document(first + [hostile], title: "T & <t>")
    #expect(!written.unicodeScalars.contains("\u{1b}"))
    let back = try OPMLReader.read(Array(written.utf8), source: "out.opml").subscriptions
    #expect(back.dropLast() == first[...])
    #expect(back.last?.feed == hostile.feed)
    #expect(back.last?.name == "<b>'x'")
    #expect(written.contains(#"<opml version="2.0">"#))
  }

  @Test func secretsAreWrittenAsTheAddressSaysSo() {
    let written = OPMLWriter.document(
      [Subscription(feed: "https://u:p@x.example/f?token=abc")], title: "T",
      address: URLSecrets.masked)
    #expect(!written.contains("abc") && !written.contains("u:p@"))
  }

  @Test(arguments: [
    ("<!DOCTYPE opml [<!ENTITY a \"aaaa\">]><opml><body/></opml>", "declares entities"),
    ("<rss><channel/></rss>", "root element is <rss>"),
    ("<opml><body><outline", "malformed"),
  ])
  func hostileOrForeignFilesAreRefused(text: String, message: String) {
    #expect {
      _ = try OPMLReader.read(Array(text.utf8), source: "x.opml")
    } throws: { error in
      (error as? FeedError)?.description.contains(message) == true
    }
  }

  /// An export labelled ISO-8859-1 is read as browsers read that label, as windows-1252: its
  /// curly apostrophe (0x92) is one, not a control character.
  @Test func latin1LabelledExportReadsAsWindows1252() throws {
    let bytes =
      Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><opml><body><outline text="Caf"#.utf8)
      + [0xE9, 0x92, 0x73] + Array(#"" xmlUrl="https://c.example/"/></body></opml>"#.utf8)
    let result = try OPMLReader.read(bytes, source: "x.opml")
    #expect(result.subscriptions.map(\.name) == ["Café’s"])
  }

  /// A file that is not well-formed is refused with the fault in words and where it is.
  @Test func malformedFileNamesTheFaultAndWhere() {
    let text = "<opml><body>\n<outline text='a' text='b'/></body></opml>"
    #expect {
      _ = try OPMLReader.read(Array(text.utf8), source: "x.opml")
    } throws: { error in
      let description = (error as? FeedError)?.description ?? ""
      return description.contains("attribute given twice") && description.contains("line 2")
    }
  }

  @Test func nestingPastTheBoundIsRefused() {
    let deep =
      "<opml><body>" + String(repeating: "<outline text=\"f\">", count: 100)
      + String(repeating: "</outline>", count: 100) + "</body></opml>"
    #expect(throws: FeedError.self) { try OPMLReader.read(Array(deep.utf8), source: "x") }
  }
}
