import FeedModel
import Testing

@testable import FeedKit

/// Items without a picture are text items, with the date, author and summary every format that
/// has them gives; `--pictures-only` skips them.
@Suite struct TextItemDecodingTests {
  private func decode(_ text: String, picturesOnly: Bool = false) throws -> FeedDocument {
    var options = LoadOptions()
    options.picturesOnly = picturesOnly
    return try FeedDocument.decode(Array(text.utf8), origin: "test", options: options)
  }

  static let rss = """
    <?xml version="1.0"?>
    <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Notes</title>
    <item><title>First post</title><link>https://example.com/1</link>
      <pubDate>Wed, 01 May 2024 14:03:00 +0200</pubDate><dc:creator>Ann Example</dc:creator>
      <description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;,
        the first post.&lt;/p&gt;</description></item>
    <item><title>Second</title><guid>s2</guid><pubDate>Thu, 02 May 2024 09:00:00 GMT</pubDate>
      <author>bob@example.com (Bob)</author><description>Right &#x202E;to left&#x200B;</description>
      <enclosure url="https://example.com/2.jpg" type="image/jpeg"/></item>
    <item><link>https://example.com/3</link></item>
    </channel></rss>
    """

  @Test func rssItemsWithoutPicturesAreTextItems() throws {
    let document = try decode(Self.rss)
    #expect(document.items.map(\.hasPicture) == [false, true])
    let text = document.items[0]
    #expect(text.imageURL == "")
    #expect(text.title == "First post")
    #expect(text.link == "https://example.com/1")
    #expect(text.date == "2024-05-01 12:03")
    #expect(text.author == "Ann Example")
    #expect(text.summary == "Hello world, the first post.")
    // An entry with neither a title nor a summary has nothing to show.
    #expect(document.skipped.count == 1)
  }

  @Test func picturesGetTheirDateAuthorAndCleanSummaryToo() throws {
    let item = try decode(Self.rss).items[1]
    #expect(item.date == "2024-05-02 09:00")
    #expect(item.author == "Bob")
    // The right-to-left override and the zero-width space never reach the terminal.
    #expect(item.summary == "Right to left")
  }

  @Test func picturesOnlySkipsTextItems() throws {
    let document = try decode(Self.rss, picturesOnly: true)
    #expect(document.items.map(\.imageURL) == ["https://example.com/2.jpg"])
    #expect(document.skipped.count == 2)
  }

  @Test func atomEntriesKeepPublishedAuthorNameAndSummary() throws {
    let document = try decode(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
      <author><name>Feed Author</name></author>
      <entry><title>Words</title><id>urn:1</id><updated>2023-12-31T23:00:00-02:00</updated>
        <author><name>Cleo</name><email>c@example.com</email></author>
        <summary type="text">Plain &lt;b&gt; text</summary></entry>
      <entry><title>Later</title><id>urn:2</id><published>2024-02-29T10:00:00Z</published>
        <updated>2024-03-01T00:00:00Z</updated>
        <content type="html">&lt;p&gt;Only content&lt;/p&gt;</content></entry>
      </feed>
      """)
    #expect(document.items.count == 2)
    #expect(document.items.allSatisfy { !$0.hasPicture })
    #expect(document.items[0].date == "2024-01-01 01:00")
    #expect(document.items[0].author == "Cleo")
    #expect(document.items[0].summary == "Plain <b> text")
    #expect(document.items[1].date == "2024-02-29 10:00")
    #expect(document.items[1].author == nil)
    #expect(document.items[1].summary == "Only content")
  }

  @Test func jsonFeedItemsWithoutPicturesAreTextItems() throws {
    let document = try decode(
      #"""
      {"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [
        {"id": "1", "url": "https://j.example/1", "title": "Hello",
         "date_published": "2024-05-01T08:30:00+01:00", "authors": [{"name": "Dee"}],
         "content_html": "<p>Some <em>words</em></p>"},
        {"id": "2", "content_text": "No title, only text\u001b[31m red"}
      ]}
      """#)
    #expect(document.items.count == 2)
    #expect(document.items[0].date == "2024-05-01 07:30")
    #expect(document.items[0].author == "Dee")
    #expect(document.items[0].summary == "Some words")
    #expect(document.items[1].title == nil)
    // The escape sequence is dropped whole.
    #expect(document.items[1].summary == "No title, only text red")
  }

  @Test func redditTextPostsAreTextItems() throws {
    let document = try decode(
      #"""
      {"kind": "Listing", "data": {"after": null, "children": [{"kind": "t3", "data":
        {"name": "t3_x", "title": "Ask: why?", "author": "sam", "created_utc": 1714572180,
         "selftext": "Because &amp; so on", "permalink": "/r/a/comments/x/"}}]}}
      """#)
    let item = try #require(document.items.first)
    #expect(!item.hasPicture)
    #expect(item.author == "u/sam")
    #expect(item.date == "2024-05-01 14:03")
    #expect(item.summary == "Because & so on")
  }

  @Test func mastodonStatusesWithoutMediaAreTextItems() throws {
    let document = try decode(
      #"""
      [{"id": "9", "url": "https://m.example/@a/9", "created_at": "2024-05-01T14:03:00.000Z",
        "content": "<p>Toot <a href=\"x\">link</a></p>", "sensitive": false,
        "account": {"acct": "a", "display_name": "Ada"}, "media_attachments": []}]
      """#)
    let item = try #require(document.items.first)
    #expect(!item.hasPicture)
    #expect(item.author == "Ada")
    #expect(item.summary == "Toot link")
    #expect(item.link == "https://m.example/@a/9")
  }

  @Test func blueskyPostsWithoutPicturesAreTextItems() throws {
    let document = try decode(
      #"""
      {"feed": [{"post": {"uri": "at://did:plc:x/app.bsky.feed.post/3k",
        "author": {"handle": "ann.bsky.social", "displayName": "Ann"},
        "record": {"text": "Just words today", "createdAt": "2024-05-01T14:03:00.000Z"}}}]}
      """#)
    let item = try #require(document.items.first)
    #expect(!item.hasPicture)
    #expect(item.summary == "Just words today")
    #expect(item.author == "Ann")
    #expect(item.date == "2024-05-01 14:03")
    #expect(item.link == "https://bsky.app/profile/ann.bsky.social/post/3k")
  }

  @Test func lemmyTextPostsAreTextItems() throws {
    let document = try decode(
      #"""
      {"posts": [{"post": {"id": 7, "name": "Question", "ap_id": "https://l.example/post/7",
        "body": "What **is** this?", "published": "2024-05-01T14:03:00Z"},
        "creator": {"name": "bo"}, "community": {"name": "c"}}]}
      """#)
    let item = try #require(document.items.first)
    #expect(!item.hasPicture)
    #expect(item.title == "Question")
    #expect(item.author == "bo")
    #expect(item.summary == "What **is** this?")
  }
}

@Suite struct AboutTextTests {
  @Test(arguments: [
    ("Wed, 01 May 2024 14:03:00 +0200", "2024-05-01 12:03"),
    ("1 May 2024 14:03 EDT", "2024-05-01 18:03"),
    ("Tue, 31 Dec 99 23:59:59 GMT", "1999-12-31 23:59"),
    ("2024-05-01T14:03:00.123Z", "2024-05-01 14:03"),
    ("2024-05-01", "2024-05-01 00:00"),
    ("2024-03-01T00:30:00+01:00", "2024-02-29 23:30"),
    ("sometime in May", "sometime in May"),
  ])
  func datesReadAsOneForm(written: String, shown: String) {
    #expect(AboutText.date(written) == shown)
  }

  @Test func cleaningDropsControlsEscapesAndInvisibleFormatting() {
    let raw = "a\u{1B}]0;title\u{07}b\u{1B}[2Jc\u{202E}d\u{2066}e\u{200B}f\u{00AD}g\u{0}\u{9B}31mh"
    #expect(AboutText.clean(raw, maxBytes: 100) == "abcdefgh")
    #expect(AboutText.clean("  line\n\tbreaks  ", maxBytes: 100) == "line breaks")
    #expect(AboutText.clean("\u{1B}[0m", maxBytes: 100) == nil)
  }

  @Test func longTextIsCutAtACharacterWithAnEllipsis() throws {
    let cut = try #require(AboutText.clean(String(repeating: "é", count: 2_000), maxBytes: 100))
    #expect(cut.utf8.count <= 100)
    #expect(cut.hasSuffix("…"))
    #expect(cut.dropLast().allSatisfy { $0 == "é" })
  }

  @Test func aTextItemKeepsItsTextsAndHasNoPicture() {
    let item = FeedItem.text(
      title: "T", link: "https://x.example/",
      about: ItemAbout(date: "2024-01-01 00:00", author: "A", summary: "S"))
    #expect(!item.hasPicture)
    #expect(item.about == ItemAbout(date: "2024-01-01 00:00", author: "A", summary: "S"))
    let sameLink = FeedItem.text(
      title: "T", link: "https://x.example/", about: ItemAbout(summary: "other"))
    #expect(item.identity != sameLink.identity)
    var changed = item
    changed.summary = "other"
    #expect(changed.summary == "other" && changed.date == "2024-01-01 00:00")
    #expect(item != changed)
  }

  /// Items without an id are the same only when title, link and text all match: posts that
  /// share a title or a link were merged into one, and the message blamed "the same picture
  /// URL", which they did not have.
  @Test func textItemsWithoutIDAreTheSameOnlyWhenTitleLinkAndTextMatch() {
    func text(_ title: String?, _ link: String?, _ summary: String?) -> FeedItem {
      FeedItem.text(title: title, link: link, about: ItemAbout(summary: summary))
    }
    let candidates = [
      text("Untitled", "https://blog.example/", "first"),
      text("Untitled", "https://blog.example/", "second"),
      text("Other", "https://blog.example/", "first"),
      text("Untitled", nil, "first"),
      text("Untitled", "https://blog.example/", "first"),
      text(nil, "https://blog.example/Untitled", "first"),
    ]
    var loaded = LoadedItems()
    var skipped = SkipReport()
    let kept = loaded.keepNew(candidates, skipped: &skipped)
    #expect(kept.map(\.summary) == ["first", "second", "first", "first", "first"])
    #expect(
      skipped
        == SkipReport(
          count: 1,
          firstReason: "item 5: the same title, link and text as an item already in the feed"))
  }
}
