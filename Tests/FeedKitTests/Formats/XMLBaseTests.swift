import FeedModel
import Testing

@testable import FeedKit

/// `xml:base` in RSS and Atom: every address a feed gives is read against the base in scope
/// where it is written, and a feed from the network may not move its base onto this machine.
@Suite struct XMLBaseTests {
  static let page = "https://feeds.example/blog/feed.xml"

  private func decode(_ text: String, origin: String = page) throws -> FeedDocument {
    try FeedDocument.decode(Array(text.utf8), origin: origin)
  }

  @Test func feedBaseResolvesEveryEntrysAddresses() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://cdn.example/media/">
      <link rel="next" href="page/2"/>
      <entry><id>e1</id><link href="posts/1"/>
        <link rel="enclosure" type="image/jpeg" href="a.jpg"/></entry>
      <entry><id>e2</id><content type="html">&lt;img srcset="b.jpg 1x, c.jpg 2x"&gt;</content>
      </entry>
      <entry><id>e3</id><link rel="enclosure" href="https://other.example/d.png"/></entry>
      </feed>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://cdn.example/media/a.jpg", "https://cdn.example/media/b.jpg",
        "https://other.example/d.png",
      ])
    #expect(document.items.map(\.link) == ["https://cdn.example/media/posts/1", nil, nil])
    #expect(document.next == "https://cdn.example/media/page/2")
  }

  @Test func entryBaseOverridesTheFeeds() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/feed/">
      <entry xml:base="https://b.example/entry/"><id>e1</id><link href="post"/>
        <link rel="enclosure" type="image/png" href="a.png"/></entry>
      </feed>
      """)
    #expect(document.items.map(\.imageURL) == ["https://b.example/entry/a.png"])
    #expect(document.items.map(\.link) == ["https://b.example/entry/post"])
  }

  /// A relative base is relative to the base around it, and the outermost to the page.
  @Test func relativeBaseIsResolvedAgainstTheBaseAroundIt() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="media/">
      <entry xml:base="2024/"><id>e1</id>
        <link rel="enclosure" type="image/png" href="a.png" xml:base="../raw/"/>
        <link href="/posts/1"/></entry>
      <entry xml:base="//cdn.example/x/"><id>e2</id>
        <link rel="enclosure" type="image/png" href="b.png"/></entry>
      </feed>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://feeds.example/blog/media/raw/a.png", "https://cdn.example/x/b.png",
      ])
    #expect(document.items.map(\.link) == ["https://feeds.example/posts/1", nil])
  }

  @Test func baseOnAnXHTMLDivAppliesToItsPictures() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/">
      <entry><id>e1</id><content type="xhtml" xml:base="posts/7/">
        <div xmlns="http://www.w3.org/1999/xhtml" xml:base="images/"><p>Hi</p>
        <img src="a.jpg" width="300" height="200"/></div></content></entry>
      <entry><id>e2</id><content type="html" xml:base="https://b.example/p/">
        &lt;img src="b.jpg"&gt;</content></entry>
      </feed>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://a.example/posts/7/images/a.jpg", "https://b.example/p/b.jpg",
      ])
  }

  @Test func rssChannelBaseResolvesItemsAddresses() throws {
    let document = try decode(
      """
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"
        xmlns:content="http://purl.org/rss/1.0/modules/content/">
      <channel xml:base="https://photos.example/album/"><title>Album</title>
      <item><link>view/1</link><enclosure url="1.jpg" type="image/jpeg"/></item>
      <item><media:content url="2.jpg" medium="image"/></item>
      <item><media:thumbnail url="3.jpg" width="800" height="600"/></item>
      <item><description>&lt;img src="4.jpg"&gt;</description></item>
      <item xml:base="/other/"><content:encoded><![CDATA[<img src="5.jpg">]]></content:encoded>
      </item>
      </channel></rss>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://photos.example/album/1.jpg", "https://photos.example/album/2.jpg",
        "https://photos.example/album/3.jpg", "https://photos.example/album/4.jpg",
        "https://photos.example/other/5.jpg",
      ])
    #expect(document.items.first?.link == "https://photos.example/album/view/1")
  }

  /// A feed from the network never makes Cascade read a local file: a base on this machine,
  /// or of a scheme Cascade does not fetch, is passed over for the base around it.
  @Test func fileBaseIsIgnoredInAFeedFromTheWeb() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="file:///etc/">
      <entry><id>e1</id><link rel="enclosure" type="image/png" href="a.png"/></entry>
      <entry xml:base="pics/"><id>e2</id><link rel="enclosure" type="image/png" href="b.png"/>
      </entry>
      <entry xml:base="ftp://files.example/"><id>e3</id>
        <link rel="enclosure" type="image/png" href="c.png"/></entry>
      </feed>
      """)
    let page = try #require(PageAddress(Self.page))
    let items = page.resolving(document.items)
    #expect(
      items.map(\.imageURL) == [
        "https://feeds.example/blog/a.png", "https://feeds.example/blog/pics/b.png",
        "https://feeds.example/blog/c.png",
      ])
    for item in items {
      #expect(try FeedSource.url(Self.page).pictureLocation(of: item.imageURL).server != nil)
    }
  }

  /// A local feed's relative base is relative to the file, as its relative paths are; it may
  /// name the web, or another folder of this machine.
  @Test func localFeedBasesAreRelativeToTheFile() throws {
    let path = "/feeds/blog/feed.xml"
    let document = try decode(
      """
      <rss version="2.0"><channel xml:base="pics/">
      <item><enclosure url="a.jpg" type="image/jpeg"/></item>
      <item xml:base="https://cdn.example/"><enclosure url="b.jpg" type="image/jpeg"/></item>
      <item xml:base="file:///srv/photos/"><enclosure url="c.jpg" type="image/jpeg"/></item>
      </channel></rss>
      """, origin: path)
    let locations = try document.items.map { item in
      try FeedSource.file(path).pictureLocation(of: item.imageURL)
    }
    #expect(
      locations == [
        .file("/feeds/blog/pics/a.jpg"), .web("https://cdn.example/b.jpg"),
        .file("/srv/photos/c.jpg"),
      ])
  }

  /// A base holds to its element's end: the entry after one with a base of its own, and the
  /// link after one with its own, are read against the feed's.
  @Test func baseEndsWithItsElement() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/">
      <entry xml:base="https://b.example/"><id>e1</id>
        <content type="html" xml:base="https://c.example/">&lt;p&gt;text&lt;/p&gt;</content>
        <link rel="enclosure" type="image/png" href="1.png"/></entry>
      <entry><id>e2</id><link rel="enclosure" type="image/png" href="2.png"/>
        <link rel="alternate" href="post" xml:base="https://d.example/"/>
        <link rel="related" href="x" /></entry>
      <entry><id>e3</id><link href="post"/>
        <link rel="enclosure" type="image/png" href="3.png"/></entry>
      </feed>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://b.example/1.png", "https://a.example/2.png", "https://a.example/3.png",
      ])
    #expect(
      document.items.map(\.link) == [nil, "https://d.example/post", "https://a.example/post"])
  }

  /// Without `xml:base` addresses are left as written, for the page's address to resolve as
  /// in every other format.
  @Test func withoutABaseAddressesAreLeftAsWritten() throws {
    let document = try decode(
      """
      <rss version="2.0"><channel><item><link>/p/1</link>
        <enclosure url="a.jpg" type="image/jpeg"/></item></channel></rss>
      """)
    #expect(document.items.map(\.imageURL) == ["a.jpg"])
    #expect(document.items.map(\.link) == ["/p/1"])
  }
}
