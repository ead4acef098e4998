import Testing

@testable import FeedKit

@Suite struct XMLFeedDecoderTests {
  private func decode(_ text: String) throws -> FeedDocument {
    try FeedDocument.decode(Array(text.utf8), origin: "test.xml")
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
}
