import FeedModel
import Testing

@testable import FeedKit

/// A page kept between runs reads back as it was written, and what must not reach the disk
/// (a secret, a line break in a value, a body past the limit) keeps it off.
@Suite struct StoredPageTests {
  static let page = StoredPage(
    url: "https://example.com/feed.xml", nextLink: "https://example.com/feed.xml?page=2",
    validators: PageValidators(
      entityTag: #"W/"v1""#, lastModified: "Sun, 06 Dec 2026 10:00:00 GMT"),
    charset: "iso-8859-1", body: Array("<rss>\n\n<channel/></rss>".utf8) + [0, 0xFF])

  @Test func aPageReadsBackAsItWasWritten() throws {
    let bytes = try #require(Self.page.encoded())
    #expect(StoredPage(decoding: bytes) == Self.page)
    var bare = Self.page
    (bare.nextLink, bare.charset, bare.validators.lastModified) = (nil, nil, nil)
    #expect(StoredPage(decoding: try #require(bare.encoded())) == bare)
    var empty = Self.page
    empty.body = []
    #expect(StoredPage(decoding: try #require(empty.encoded())) == empty)
  }

  @Test(arguments: [
    "https://user:hunter2@example.com/feed.xml", "https://example.com/feed.xml?token=abc",
  ])
  func aPageWhoseAddressesHoldASecretIsNotKept(secret: String) {
    var page = Self.page
    page.url = secret
    #expect(page.encoded() == nil)
    page = Self.page
    page.nextLink = secret
    #expect(page.encoded() == nil)
  }

  @Test func aValueThatIsNotOnePrintableLineIsNotKept() {
    var page = Self.page
    page.charset = "utf-8\nurl https://elsewhere.example/"
    #expect(page.encoded() == nil)
    page = Self.page
    page.validators.entityTag = "caf\u{E9}"
    #expect(page.encoded() == nil)
  }

  @Test func aBodyPastTheLimitIsNotKept() {
    var page = Self.page
    page.body = [UInt8](repeating: 32, count: StoredPage.largestBody + 1)
    #expect(page.encoded() == nil)
    page.body.removeLast()
    #expect(page.encoded() != nil)
  }

  @Test func bytesThatAreNotAPageAreNone() throws {
    let bytes = try #require(Self.page.encoded())
    #expect(StoredPage(decoding: []) == nil)
    #expect(StoredPage(decoding: Array(bytes.prefix(30))) == nil)
    #expect(StoredPage(decoding: Array("cascade-feed-page 2\nurl x\netag y\n\n".utf8)) == nil)
    // No validator: nothing to ask the server with.
    #expect(StoredPage(decoding: Array("cascade-feed-page 1\nurl x\n\nbody".utf8)) == nil)
    #expect(StoredPage(decoding: Array("cascade-feed-page 1\netag y\n\nbody".utf8)) == nil)
    #expect(StoredPage(decoding: Array("cascade-feed-page 1\nurlx\netag y\n\n".utf8)) == nil)
  }
}
