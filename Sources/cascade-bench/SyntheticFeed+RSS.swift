extension SyntheticFeed {
  /// An RSS 2.0 document of `n` items in the shape of a large real news or podcast feed: each
  /// item a title with an entity, link, guid, date, author, category, a description of about a
  /// kilobyte of HTML in CDATA, a Media RSS picture and an enclosure: about 1.7 KB an item, so
  /// 2,500 items make 4.2 MB, the size of the largest feeds readers meet (a podcast's years of
  /// episodes).
  static func rss(_ n: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(n * 2_000 + 1_000)
    out += Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" \
      xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
      <channel><title>Synthetic News &amp; Pictures</title><link>https://news.example.com/</link>
      <description>Every story of the year, with its picture.</description>
      <atom:link rel="self" href="https://news.example.com/feed.xml" type="application/rss+xml"/>

      """.utf8)
    let paragraph =
      "<p>A paragraph of the story as feeds send it, with <a href=\"https://news.example.com/"
      + "related\">a link</a>, <em>some emphasis</em> and the words a story has, told at the "
      + "length a summary takes in a reader that shows the first lines of each item.</p>"
    for (i, size) in sizes(n).enumerated() {
      out += Array(
        """
        <item>
          <title>Story \(i): what happened, and why it matters &amp; what comes next</title>
          <link>https://news.example.com/2026/12/06/story-\(i)</link>
          <guid isPermaLink="false">tag:news.example.com,2026:story-\(i)</guid>
          <pubDate>Sun, 06 Dec 2026 \(10 + i % 12):\(10 + i % 50):00 +0000</pubDate>
          <dc:creator>Reporter \(i % 40)</dc:creator>
          <category>Pictures</category>
          <description><![CDATA[<p><img src="https://images.example.com/feed/\(i)-small.jpg" \
        alt="the story's picture"></p>\(paragraph)\(paragraph)\(paragraph)\(paragraph)]]></description>
          <media:content url="https://images.example.com/feed/\(i).jpg" medium="image" \
        type="image/jpeg" width="\(Int(size.width))" height="\(Int(size.height))"/>
          <enclosure url="https://images.example.com/feed/\(i).jpg" length="\(180_000 + i)" \
        type="image/jpeg"/>
        </item>

        """.utf8)
    }
    out += Array("</channel></rss>\n".utf8)
    return out
  }
}
