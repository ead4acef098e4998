import FeedModel
import Testing

@testable import FeedKit

@Suite struct FormatDetectionTests {
  private func detect(_ text: String, complete: Bool = true) -> FeedFormat {
    Array(text.utf8).withUnsafeBufferPointer { FeedFormat.detect($0, isComplete: complete) }
  }

  @Test(arguments: WildDocuments.all.map(\.0))
  func eachDocumentIsDetectedAsItsFormat(format: FeedFormat) throws {
    let text = try #require(WildDocuments.all.first { $0.0 == format }?.1)
    #expect(detect(text) == format)
  }

  @Test func jsonFeedWithNoItemsIsStillJSONFeed() {
    #expect(
      detect(#"{"version": "https://jsonfeed.org/version/1", "title": "x", "items": []}"#)
        == .jsonFeed)
  }

  @Test func classicFeedsStayClassic() {
    #expect(detect(#"{"items": [{"url": "a.jpg", "width": 1, "height": 1}]}"#) == .json)
    #expect(detect(#"{"results": [{"src": "a.jpg", "w": 1, "h": 1}]}"#) == .json)
    #expect(detect(#"[{"img": "a.jpg", "width": 1, "height": 1}]"#) == .json)
    #expect(detect(#"{"version": "2", "data": []}"#) == .json)
    #expect(detect(#"{"kind": "Listing", "items": []}"#) == .json)
    // A classic feed under `data` whose items have an `images` list of their own.
    #expect(detect(#"{"data": [{"img": "a.jpg", "w": 1, "h": 1, "images": []}]}"#) == .json)
    #expect(detect(#"{"results": [{"img": "a.jpg", "w": 1, "h": 1, "media": {}}]}"#) == .json)
    #expect(detect(#"{"posts": [{"post": "a.jpg", "width": 1, "height": 1}]}"#) == .json)
    // An Imgur album's own images (`/3/album/ID/images`) are pictures with sizes: classic.
    #expect(
      detect(
        #"{"data": [{"id": "a", "link": "https://i.imgur.com/a.png", "width": 2, "height": 1}]}"#)
        == .json)
    #expect(detect(#"{"feed": [{"img": "a.jpg", "width": 1, "height": 1}]}"#) == .json)
    // A classic feed whose title mentions another format's keys is still classic.
    #expect(detect(#"{"title": "media_attachments urls hits", "data": []}"#) == .json)
  }

  @Test func cutPrefixStillTellsTheFormat() throws {
    // Cut inside the first status's attachments: its keys so far decide.
    let text = WildDocuments.mastodon
    let key = try #require(text.range(of: "media_attachments"))
    let cut = String(text[..<text.index(key.upperBound, offsetBy: 60)])
    #expect(detect(cut, complete: false) == .mastodon)
    #expect(detect(String(WildDocuments.rss.prefix(120)), complete: false) == .rss)
  }

  @Test func htmlAndProseAreNotFeedsOfAnyKind() {
    #expect(detect("<!DOCTYPE html><html><body>502</body></html>") == .json)
    #expect(detect("hello world\nthis is prose") == .json)
    #expect(detect("42") == .json)
  }

  /// A stray line among many entries leaves a list a list (the decoder skips it); as many
  /// stray lines as entries do not.
  @Test func listLinesMustMostlyLookLikePictures() {
    #expect(detect("a.jpg\nb.png\n") == .urlList)
    #expect(detect("a.jpg\nnotes.txt\n") == .json)
    #expect(detect("a.jpg\nb.png\nc.gif\nnot a picture\n") == .urlList)
  }

  @Test func rdfRootIsRSS() {
    #expect(detect(#"<?xml version="1.0"?><!-- c --><rdf:RDF xmlns:rdf="x"></rdf:RDF>"#) == .rss)
  }

  @Test(arguments: WildDocuments.all.map(\.0))
  func byteOrderMarkDoesNotChangeTheFormat(format: FeedFormat) throws {
    let text = try #require(WildDocuments.all.first { $0.0 == format }?.1)
    #expect(detect("\u{FEFF}" + text) == format)
  }

  @Test func windowsListWithByteOrderMarkAndCommentIsAList() {
    #expect(detect("\u{FEFF}# my list\r\nhttps://a.example/x.jpg\r\n\r\n../y.png\r\n") == .urlList)
  }
}
