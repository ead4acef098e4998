import FeedModel
import Testing

@testable import FeedKit

/// Atom 0.3 and the shapes of old RSS that put an item's text outside `title` and
/// `description`: each was "no items in this feed".
extension XMLFeedDecoderTests {
  @Test func atom03EntriesAreItems() throws {
    let document = try decode(
      """
      <?xml version="1.0"?>
      <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old blog</title>
      <entry><title>Harbour at dusk</title><id>tag:old.example,2004:1</id>
        <link rel="alternate" type="text/html" href="https://old.example/1"/>
        <issued>2004-05-01T12:00:00Z</issued><modified>2004-05-02T12:00:00Z</modified>
        <content type="text/html" mode="escaped">&lt;p&gt;&lt;img src="https://old.example/boat.jpg"&gt;&lt;/p&gt;</content>
      </entry>
      <entry><title mode="escaped">Notes &amp;amp; words</title><id>tag:old.example,2004:2</id>
        <issued>2004-05-03T09:30:00Z</issued>
        <content mode="escaped">&lt;b&gt;Plain&lt;/b&gt; text</content></entry>
      </feed>
      """)
    #expect(document.title == "Old blog")
    #expect(document.items.map(\.title) == ["Harbour at dusk", "Notes & words"])
    #expect(document.items.map(\.imageURL) == ["https://old.example/boat.jpg", ""])
    #expect(document.items.map(\.link) == ["https://old.example/1", nil])
    #expect(document.items[1].summary == "Plain text")
    #expect(document.items[1].date?.hasPrefix("2004-05-03") == true)
    #expect(document.skipped.message == nil)
  }

  /// Each element alone in an item, and what it gives: a title or a text.
  @Test(
    arguments: [
      ("<fullitem>Only &lt;b&gt;full&lt;/b&gt; text</fullitem>", nil, "Only full text"),
      (
        #"<xhtml:body xmlns:xhtml="http://www.w3.org/1999/xhtml"><xhtml:p>In a body</xhtml:p>"#
          + "</xhtml:body>", nil, "In a body"
      ),
      (
        #"<dc:title xmlns:dc="http://purl.org/dc/elements/1.1/">DC title</dc:title>"#, "DC title",
        nil
      ),
      (
        #"<dc:description xmlns:dc="http://purl.org/dc/elements/1.1/">DC text</dc:description>"#,
        nil, "DC text"
      ),
      (
        #"<media:title xmlns:media="http://search.yahoo.com/mrss/">Media title</media:title>"#,
        "Media title", nil
      ),
      (
        #"<itunes:summary xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd">Episode"#
          + "</itunes:summary>", nil, "Episode"
      ),
    ] as [(String, String?, String?)])
  func oldRSSTextShapesAreItems(element: String, title: String?, summary: String?) throws {
    let document = try decode(
      "<rss version=\"0.91\"><channel><item>\(element)</item></channel></rss>")
    #expect(document.items.map(\.title) == [title])
    #expect(document.items.map(\.summary) == [summary])
    #expect(document.skipped.count == 0)
  }

  @Test func anItemsOwnTitleWinsOverOtherVocabularies() throws {
    let document = try decode(
      """
      <rss xmlns:media="http://search.yahoo.com/mrss/"
        xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
      <item><media:title>Media</media:title><title>Own</title></item>
      <item><title>Own too</title><dc:title>DC</dc:title></item>
      </channel></rss>
      """)
    #expect(document.items.map(\.title) == ["Own", "Own too"])
  }

  /// An empty entry was blamed for "no picture" though pictures were not asked for.
  @Test func skipMessagesNameTheRealReason() throws {
    let text =
      "<rss><channel><item><link>https://a.example/</link></item>"
      + "<item><title>Words</title></item></channel></rss>"
    let kept = try decode(text)
    #expect(kept.items.map(\.title) == ["Words"])
    #expect(
      kept.skipped.firstReason == "item 1: nothing to show: no title, no text and no picture")
    let picturesOnly = try decode(text, picturesOnly: true)
    #expect(picturesOnly.items.isEmpty)
    #expect(picturesOnly.skipped.count == 2)
    #expect(
      picturesOnly.skipped.firstReason?.hasSuffix(
        "and only pictures are kept (LoadOptions.picturesOnly)") == true)
  }
}

/// Podcast art, documents cut short, empty ones.
extension XMLFeedDecoderTests {
  @Test func itunesImageIsAnItemsPictureWhenItHasNoOther() throws {
    let document = try decode(
      """
      <rss xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel>
      <item><title>Episode 1</title><itunes:image href="https://pod.example/1.jpg"/></item>
      <item><title>Episode 1b</title><itunes:image url="https://pod.example/1b.jpg"/></item>
      <item><title>Episode 2</title><itunes:image href="https://pod.example/art.jpg"/>
        <enclosure url="https://pod.example/2.png" type="image/png"/></item>
      </channel></rss>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://pod.example/1.jpg", "https://pod.example/1b.jpg", "https://pod.example/2.png",
      ])
    #expect(document.items.map(\.title) == ["Episode 1", "Episode 1b", "Episode 2"])
  }

  /// `</rss` without its `>` refused the whole feed, though every item before it was complete.
  @Test(arguments: [
    ("</channel></rss", false), ("</channel>", false), ("<item><title>c</title>", true),
    ("\n  </channel>\n</rss\n", false),
  ])
  func aDocumentCutShortKeepsEveryCompleteItem(end: String, cutInItem: Bool) throws {
    let document = try decode(
      "<?xml version=\"1.0\"?>\n<rss><channel><item><title>a</title></item>\n"
        + "<item><title>b</title></item>\(end)")
    #expect(document.items.map(\.title) == ["a", "b"])
    let note = try #require(document.skipped.notes.first)
    #expect(note.hasPrefix("the document ends cut short at line "))
    #expect(note.hasSuffix("its last item, unfinished, was dropped") == cutInItem)
  }

  /// A header comment before the declaration (XML wants the declaration first) was refused.
  @Test func aDeclarationAfterACommentIsPassedOver() throws {
    let document = try decode(
      "<!-- header -->\n<?xml version=\"1.0\"?>\n<rss><channel><item><title>a</title></item>"
        + "</channel></rss>")
    #expect(document.items.map(\.title) == ["a"])
  }

  @Test func anErrorBeforeTheEndStillRefusesTheFeed() {
    #expect(throws: FeedError.self) {
      try decode("<rss><channel><item><title>a</title></item><item a=b></item></channel></rss>")
    }
  }

  @Test(arguments: ["", " \n", "<!--\nDescription: nothing\n-->\n", "<?xml version=\"1.0\"?>"])
  func anEmptyDocumentSaysSo(text: String) {
    #expect {
      try decode(text)
    } throws: { error in
      guard case .notAFeed(_, let detail) = error as? FeedError else { return false }
      return detail.hasPrefix("the document is empty")
    }
  }

  /// Each was a number ("XML error 79", "XML error 80"), or refused outright.
  @Test func xmlErrorsAreSaidInWordsOrMended() throws {
    let comment = try decode(
      "<rss><channel><!-- a -- b --><item><title>a</title></item></channel></rss>")
    #expect(comment.items.map(\.title) == ["a"])
    for text in [
      "<rss><channel><item><title>a</title></item>]]></channel></rss>",
      "<?xml version=\"1.0\" standalone=\"maybe\"?><rss/>",
      "<rss><channel><item><title a=\"1\" b=></title></item></channel></rss>",
      "<rss><channel><item><title>a < b</title></item></channel></rss>",
    ] {
      #expect {
        try decode(text)
      } throws: { error in
        guard case .malformed(_, _, let location, let detail) = error as? FeedError else {
          return false
        }
        return location.hasPrefix("line 1, column") && !detail.contains("XML error")
      }
    }
  }

  /// Microsoft's Channel Definition Format: a `<CHANNEL>` root, names in any case, the link and
  /// date as attributes, a `LOGO` as the picture. It was refused as "not a feed".
  @Test func cdfChannelsAreReadAsFeeds() throws {
    let document = try decode(
      """
      <?xml version="1.0"?>
      <CHANNEL HREF="https://cdf.example/">
        <TITLE>Desktop news</TITLE><ABSTRACT>The channel</ABSTRACT>
        <LOGO HREF="https://cdf.example/channel.gif" STYLE="IMAGE"/>
        <ITEM HREF="https://cdf.example/1.htm" LASTMOD="2004-04-06T23:05:43-05:00">
          <TITLE>Harbour</TITLE><ABSTRACT>Boats at dusk</ABSTRACT>
          <LOGO HREF="https://cdf.example/boat.gif" STYLE="ICON"/>
        </ITEM>
        <Item href="https://cdf.example/2.htm"><Title>Words only</Title></Item>
        <ITEM HREF="https://cdf.example/3.htm"></ITEM>
      </CHANNEL>
      """)
    #expect(document.title == "Desktop news")
    #expect(document.items.map(\.title) == ["Harbour", "Words only"])
    #expect(
      document.items.map(\.link) == ["https://cdf.example/1.htm", "https://cdf.example/2.htm"])
    #expect(document.items.map(\.imageURL) == ["https://cdf.example/boat.gif", ""])
    #expect(document.items[0].summary == "Boats at dusk")
    #expect(document.items[0].date?.hasPrefix("2004-04-07 04:05") == true)
    #expect(document.skipped.message?.contains("item 3: nothing to show") == true)
  }
}
