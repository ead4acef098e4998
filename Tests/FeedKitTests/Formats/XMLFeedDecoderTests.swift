import FeedModel
import Testing

@testable import FeedKit

@Suite struct XMLFeedDecoderTests {
  /// - Parameter picturesOnly: as `--pictures-only`: entries without a picture are skipped.
  func decode(_ text: String, picturesOnly: Bool = false) throws -> FeedDocument {
    var options = LoadOptions()
    options.picturesOnly = picturesOnly
    return try FeedDocument.decode(Array(text.utf8), origin: "test.xml", options: options)
  }

  @Test func atomSourceDoesNotSetTheEntrysFields() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Planet</title>
      <entry><title>First</title><id>urn:e1</id>
        <link rel="enclosure" type="image/jpeg" href="https://a.example/1.jpg"/>
        <source><id>urn:blogA</id><title>Blog A</title><link href="https://a.example/"/>
          <link rel="enclosure" type="image/png" href="https://a.example/logo.png"/></source>
      </entry>
      <entry><source><id>urn:blogA</id><title>Blog A</title></source>
        <title>Second</title><id>urn:e2</id><link href="https://a.example/2"/>
        <link rel="enclosure" type="image/png" href="https://a.example/2.png"/></entry>
      </feed>
      """)
    #expect(document.items.map(\.id) == ["urn:e1", "urn:e2"])
    #expect(document.items.map(\.title) == ["First", "Second"])
    #expect(document.items.map(\.link) == [nil, "https://a.example/2"])
    #expect(
      document.items.map(\.imageURL) == ["https://a.example/1.jpg", "https://a.example/2.png"])
    #expect(document.title == "Planet")
  }

  @Test func rssSourceIsNotTheItemsTitle() throws {
    let document = try decode(
      """
      <rss version="2.0"><channel><title>Mix</title>
      <item><source url="https://b.example/rss">Blog B</source><guid>g1</guid>
        <enclosure url="https://b.example/1.jpg" type="image/jpeg"/></item>
      <item><title>Own</title><source url="https://b.example/rss">Blog B</source><guid>g2</guid>
        <enclosure url="https://b.example/2.jpg" type="image/jpeg"/></item>
      </channel></rss>
      """)
    #expect(document.items.map(\.title) == [nil, "Own"])
    #expect(document.items.map(\.id) == ["g1", "g2"])
  }

  @Test func mediaNamespaceWithoutTrailingSlashIsMediaRSS() throws {
    let document = try decode(
      """
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss"><channel>
      <item><media:content url="https://c.example/1.jpg" medium="image" width="40" height="30"/>
      </item></channel></rss>
      """)
    #expect(document.items.map(\.imageURL) == ["https://c.example/1.jpg"])
    #expect(document.items.first?.width == 40)
  }

  @Test func enclosureWithoutTypeIsAPictureByItsExtension() throws {
    let document = try decode(
      """
      <rss version="2.0"><channel>
      <item><enclosure url="https://d.example/1.JPG?s=2" length="7018"/></item>
      <item><enclosure url="https://d.example/2.png" type="" length="1"/></item>
      <item><enclosure url="https://d.example/3.mp3" length="1"/></item>
      <item><enclosure url="https://d.example/4.jpg" type="audio/mpeg" length="1"/></item>
      </channel></rss>
      """)
    #expect(
      document.items.map(\.imageURL) == ["https://d.example/1.JPG?s=2", "https://d.example/2.png"])
    #expect(document.skipped.count == 2)
  }

  @Test func atomEnclosureLinkWithoutTypeIsAPictureByItsExtension() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom">
      <entry><id>e1</id><link rel="enclosure" href="https://e.example/1.webp"/></entry>
      </feed>
      """)
    #expect(document.items.map(\.imageURL) == ["https://e.example/1.webp"])
  }

  @Test func atomHTMLAndXHTMLTitlesArePlainText() throws {
    let document = try decode(
      """
      <a:feed xmlns:a="http://www.w3.org/2005/Atom">
      <a:title type="html">Atom &lt;b&gt;feed&lt;/b&gt;</a:title>
      <a:entry><a:title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">XHTML
        <b>title</b></div></a:title><a:id>1</a:id>
        <a:link rel="enclosure" type="image/png" href="https://f.example/1.png"/></a:entry>
      <a:entry><a:title type="text">a &lt;b&gt; c</a:title><a:id>2</a:id>
        <a:link rel="enclosure" type="image/png" href="https://f.example/2.png"/></a:entry>
      </a:feed>
      """)
    #expect(document.title == "Atom feed")
    #expect(document.items.map(\.title) == ["XHTML title", "a <b> c"])
  }

  @Test func atomTextTitlesPrettyPrintedOverLinesAreFolded() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom">
        <title type="text">
          The feed's
          title
        </title>
        <entry><title>Multi
            line\ttitle</title><id>1</id>
          <link rel="enclosure" type="image/png" href="https://f.example/1.png"/></entry>
      </feed>
      """)
    #expect(document.title == "The feed's title")
    #expect(document.items.map(\.title) == ["Multi line title"])
  }

  @Test func rssTitlesAreReadAsHTML() throws {
    let document = try decode(
      """
      <rss version="2.0"><channel><title>RSS &amp;amp; Friends</title>
      <item><title><![CDATA[CDATA <b>title</b> &amp; raw]]></title>
        <enclosure url="https://g.example/1.jpg" type="image/jpeg"/></item>
      <item><title>Tom &amp;amp; Jerry &amp;#8217;s</title>
        <enclosure url="https://g.example/2.jpg" type="image/jpeg"/></item>
      </channel></rss>
      """)
    #expect(document.title == "RSS & Friends")
    #expect(document.items.map(\.title) == ["CDATA title & raw", "Tom & Jerry \u{2019}s"])
  }

  /// A programmer's title is not markup: `Vec&lt;T&gt;` came out as "Vec", since the XML
  /// parser gives `Vec<T>` and `<T>` was dropped as a tag.
  @Test func rssTitlesKeepAngleBracketsThatAreNotHTML() throws {
    let titles = [
      "Why Vec&lt;T&gt; is fast", "x&#60;y&#62;z", "<![CDATA[Vec<T> & Box<U>]]>",
      "Option&lt;u8&gt; &lt;!-- note --&gt;and &lt;b&gt;bold&lt;/b&gt;",
    ]
    let items = titles.enumerated().map { i, title in
      "<item><title>\(title)</title><enclosure url=\"https://g.example/\(i).jpg\" "
        + "type=\"image/jpeg\"/></item>"
    }
    let document = try decode(
      "<rss version=\"2.0\"><channel>\(items.joined())</channel></rss>")
    #expect(
      document.items.map(\.title) == [
        "Why Vec<T> is fast", "x<y>z", "Vec<T> & Box<U>", "Option<u8> and bold",
      ])
  }

  // MARK: Pictures only in the entry's text

  /// A blog's RSS often has no media elements: its picture is an `<img>` in the description
  /// (escaped) or in `content:encoded` (CDATA). Such items were all skipped.
  @Test func rssPictureInTheDescriptionOrContent() throws {
    let document = try decode(
      """
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
      <item><title>Escaped</title><guid>a</guid>
        <description>&lt;p&gt;Look: &lt;img src="https://blog.example/a.jpg?w=1&amp;amp;h=2" \
      width="640" height="480" alt="a"&gt;&lt;/p&gt;</description></item>
      <item><title>CDATA</title><guid>b</guid><description>No picture here.</description>
        <content:encoded><![CDATA[<p><img width=1 height=1 src="https://t.example/pixel.gif">
        <IMG SRC='https://blog.example/b.png' class="x"></p>]]></content:encoded></item>
      <item><title>Media first</title><guid>c</guid>
        <description>&lt;img src="https://blog.example/inline.jpg"&gt;</description>
        <enclosure url="https://blog.example/c.jpg" type="image/jpeg"/></item>
      <item><title>Text only</title><guid>d</guid>
        <description>&lt;img src="data:image/png;base64,AAAA"&gt; words</description></item>
      </channel></rss>
      """, picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://blog.example/a.jpg?w=1&h=2", "https://blog.example/b.png",
        "https://blog.example/c.jpg",
      ])
    #expect(document.items[0].width == 640 && document.items[0].height == 480)
    #expect(!document.items[1].hasSize)
    #expect(document.skipped.count == 1)
    #expect(document.skipped.firstReason?.contains("an <img> in its text") == true)
  }

  @Test func atomPictureInHTMLOrXHTMLContent() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Photos</title>
      <entry><title>HTML</title><id>e1</id>
        <content type="html">&lt;img src="https://p.example/1.webp"&gt;</content></entry>
      <entry><title>XHTML</title><id>e2</id><content type="xhtml">
        <div xmlns="http://www.w3.org/1999/xhtml"><p>Hi</p>
        <img src="https://p.example/2.jpg" width="300" height="200"/></div></content></entry>
      <entry><title>Summary</title><id>e3</id>
        <summary type="html">&lt;img src="https://p.example/3.gif"&gt;</summary></entry>
      </feed>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://p.example/1.webp", "https://p.example/2.jpg", "https://p.example/3.gif",
      ])
    #expect(document.items[1].width == 300 && document.items[1].height == 200)
    #expect(document.items.map(\.title) == ["HTML", "XHTML", "Summary"])
  }

  /// Blogs as they are: a lazy loader's `data-src` behind a `data:` placeholder, `srcset`
  /// alone, a commented-out picture, a `javascript:` address, and HTML written into the
  /// description unescaped. Each took the wrong address or none.
  @Test func blogPicturesAsBlogsWriteThem() throws {
    let bodies = [
      #"&lt;img src="data:image/gif;base64,R0lG" data-src="https://b.example/lazy.jpg"&gt;"#,
      #"&lt;img srcset="https://b.example/s-320.jpg 320w, https://b.example/s-640.jpg 640w"&gt;"#,
      #"&lt;!-- &lt;img src="https://b.example/old.jpg"&gt; --&gt;&lt;img src="https://b.example/new.jpg"&gt;"#,
      #"&lt;img src="javascript:alert(1)"&gt;&lt;img src="/media/rel.png"&gt;"#,
      #"<p>Raw <img src="https://b.example/raw.jpg" width="40" height="30"/></p>"#,
    ]
    let items = bodies.enumerated().map { i, body in
      "<item><guid>\(i)</guid><description>\(body)</description></item>"
    }
    let document = try decode("<rss version=\"2.0\"><channel>\(items.joined())</channel></rss>")
    #expect(
      document.items.map(\.imageURL) == [
        "https://b.example/lazy.jpg", "https://b.example/s-320.jpg", "https://b.example/new.jpg",
        "/media/rel.png", "https://b.example/raw.jpg",
      ])
    #expect(document.items.last?.width == 40)
  }

  /// What the wild writes around the post's picture: a CDN address with commas in a `srcset`
  /// (it was cut at the first comma), lazysizes' `data-srcset` (passed over), a pixel sized
  /// `1px` (taken), and an emoji or the author's avatar before the photo (taken instead of it).
  @Test func blogPicturesAroundTheirDecorations() throws {
    let bodies = [
      #"&lt;img srcset="https://c.example/w_300,h_200,c_fill/a.png 300w, https://c.example/w_600,h_400/a.png 600w"&gt;"#,
      #"&lt;img src="data:image/gif;base64,R0lG" data-srcset="https://b.example/lazy-320.jpg 320w, https://b.example/lazy-640.jpg 640w"&gt;"#,
      #"&lt;img src="https://t.example/p.gif" width="1px" height="1px"&gt;&lt;img src="https://b.example/photo.jpg"&gt;"#,
      #"&lt;img draggable="false" role="img" class="emoji" alt="🙂" src="https://s.w.org/images/core/emoji/14.0.0/72x72/1f642.png"&gt; &lt;img src="https://b.example/after-emoji.jpg"&gt;"#,
      #"&lt;img alt='' src='https://secure.gravatar.com/avatar/abc?s=96' class='avatar avatar-96 photo' height='96' width='96'&gt;&lt;img src="https://b.example/after-avatar.jpg" width="800" height="600"&gt;"#,
    ]
    let items = bodies.enumerated().map { i, body in
      "<item><guid>\(i)</guid><description>\(body)</description></item>"
    }
    let document = try decode("<rss version=\"2.0\"><channel>\(items.joined())</channel></rss>")
    #expect(
      document.items.map(\.imageURL) == [
        "https://c.example/w_300,h_200,c_fill/a.png", "https://b.example/lazy-320.jpg",
        "https://b.example/photo.jpg", "https://b.example/after-emoji.jpg",
        "https://b.example/after-avatar.jpg",
      ])
    #expect(document.items.last?.width == 800)
  }

  /// Blogger gives every post a 72 × 72 `media:thumbnail`, which won over the picture in the
  /// post, so every box held a blur. A tiny thumbnail now loses to the text's picture; a
  /// larger one still wins, as the README's order says.
  @Test func aTinyThumbnailLosesToThePictureInTheText() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <entry><id>b1</id><media:thumbnail url="https://b.example/s72-c/a.jpg" width="72" \
      height="72"/><content type="html">&lt;img src="https://b.example/s1600/a.jpg" \
      width="1600" height="1200"&gt;</content></entry>
      <entry><id>b2</id><media:thumbnail url="https://b.example/s400/b.jpg" width="400" \
      height="300"/><content type="html">&lt;img src="https://b.example/s1600/b.jpg"&gt;</content>
      </entry>
      <entry><id>b3</id><media:thumbnail url="https://b.example/s72-c/c.jpg" width="72" \
      height="72"/><content type="html">No picture in the text.</content></entry>
      </feed>
      """)
    #expect(
      document.items.map(\.imageURL) == [
        "https://b.example/s1600/a.jpg", "https://b.example/s400/b.jpg",
        "https://b.example/s72-c/c.jpg",
      ])
    #expect(document.items[0].width == 1600)
  }

  /// A long post is not an error: only its start is kept to look for a picture in.
  @Test func aLongPostIsReadNotRefused() throws {
    let words = String(repeating: "word ", count: 200_000)
    let document = try decode(
      """
      <rss version="2.0"><channel><item><guid>a</guid>
      <description>&lt;img src="https://blog.example/a.jpg"&gt; \(words)</description>
      </item></channel></rss>
      """)
    #expect(document.items.map(\.imageURL) == ["https://blog.example/a.jpg"])
  }
}
