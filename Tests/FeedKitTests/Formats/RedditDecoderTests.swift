import FeedModel
import Testing

@testable import FeedKit

@Suite struct RedditDecoderTests {
  /// - Parameter picturesOnly: as `--pictures-only`: text posts are skipped.
  private func decode(_ posts: [String], picturesOnly: Bool = false) throws -> FeedDocument {
    let children = posts.map { #"{"kind": "t3", "data": \#($0)}"# }.joined(separator: ",")
    let text = #"{"kind": "Listing", "data": {"after": null, "children": [\#(children)]}}"#
    var options = LoadOptions()
    options.picturesOnly = picturesOnly
    return try FeedDocument.decode(Array(text.utf8), origin: "r.json", options: options)
  }

  @Test func crosspostTakesItsParentsPictureAndKeepsItsOwnTitleAndLink() throws {
    let document = try decode([
      #"""
      {"name": "t3_e", "title": "Crosspost of a gallery", "permalink": "/r/b/comments/e/",
       "crosspost_parent": "t3_b",
       "crosspost_parent_list": [{"name": "t3_b", "title": "Gallery post",
         "permalink": "/r/a/comments/b/",
         "gallery_data": {"items": [{"media_id": "m2", "id": 2}]},
         "media_metadata": {"m2": {"status": "valid", "e": "Image",
           "s": {"u": "https://i.example/g.jpg", "x": 300, "y": 400}}}}]}
      """#,
      #"""
      {"name": "t3_f", "title": "Crosspost of image", "permalink": "/r/b/comments/f/",
       "crosspost_parent_list": [{"name": "t3_a", "preview": {"images": [{"source":
         {"url": "https://i.example/s.gif?a=1&amp;b=2", "width": 300, "height": 300}}]}}]}
      """#,
    ])
    #expect(
      document.items.map(\.imageURL) == [
        "https://i.example/g.jpg", "https://i.example/s.gif?a=1&b=2",
      ])
    #expect(document.items.map(\.id) == ["t3_e", "t3_f"])
    #expect(document.items.map(\.title) == ["Crosspost of a gallery", "Crosspost of image"])
    #expect(
      document.items.map(\.link) == [
        "https://www.reddit.com/r/b/comments/e/", "https://www.reddit.com/r/b/comments/f/",
      ])
    #expect(document.skipped.count == 0)
  }

  @Test func crosspostWithItsOwnPreviewKeepsIt() throws {
    let document = try decode([
      #"""
      {"name": "t3_g", "title": "g", "preview": {"images": [{"source":
         {"url": "https://i.example/own.jpg", "width": 10, "height": 10}}]},
       "crosspost_parent_list": [{"preview": {"images": [{"source":
         {"url": "https://i.example/parent.jpg", "width": 10, "height": 10}}]}}]}
      """#
    ])
    #expect(document.items.map(\.imageURL) == ["https://i.example/own.jpg"])
  }

  /// A fresh post links straight to its picture before Reddit has made a preview: that
  /// picture, its size read later; a link post to a web page stays a skip.
  @Test func aPostThatLinksToAPictureShowsIt() throws {
    let document = try decode(
      [
        #"{"name": "t3_a", "title": "fresh", "post_hint": "image", "url": "https://i.redd.it/abc123"}"#,
        #"{"name": "t3_b", "title": "named", "url": "https://i.imgur.com/x.JPG?s=1&amp;t=2"}"#,
        #"{"name": "t3_c", "title": "article", "url": "https://news.example/story"}"#,
        #"{"name": "t3_d", "title": "local", "post_hint": "image", "url": "file:///etc/passwd"}"#,
      ], picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://i.redd.it/abc123", "https://i.imgur.com/x.JPG?s=1&t=2",
      ])
    #expect(document.items.allSatisfy { !$0.hasSize })
    #expect(document.skipped.count == 2)
  }

  /// A gallery's animated entry shows its still preview; it was dropped without a word.
  @Test func aGallerysAnimatedEntryShowsItsStill() throws {
    let document = try decode([
      #"""
      {"name": "t3_g", "title": "gallery",
       "gallery_data": {"items": [{"media_id": "m1"}, {"media_id": "m2"}]},
       "media_metadata": {
         "m1": {"status": "valid", "e": "Image", "s": {"u": "https://i.example/1.jpg", "x": 800, "y": 600}},
         "m2": {"status": "valid", "e": "AnimatedImage",
                "p": [{"u": "https://p.example/2-108.jpg", "x": 108, "y": 81},
                      {"u": "https://p.example/2-640.jpg", "x": 640, "y": 480}],
                "s": {"gif": "https://i.example/2.gif", "mp4": "https://i.example/2.mp4", "x": 800, "y": 600}}}}
      """#
    ])
    #expect(
      document.items.map(\.imageURL) == ["https://i.example/1.jpg", "https://p.example/2-640.jpg"])
    #expect(document.items.last?.width == 640)
  }

  @Test func titlesLoseRedditsHTMLEscaping() throws {
    let document = try decode([
      #"""
      {"name": "t3_a", "title": "Me &amp; my dog &lt;3 &gt; it&#39;s &lt;b&gt;",
       "preview": {"images": [{"source": {"url": "https://i.example/a.jpg"}}]}}
      """#
    ])
    #expect(document.items.first?.title == "Me & my dog <3 > it's <b>")
  }

  /// A post marked over 18 or as a spoiler marks its pictures sensitive; others are not.
  @Test func over18AndSpoilerPostsAreSensitive() throws {
    func post(_ name: String, _ flags: String) -> String {
      #"{"name": "\#(name)", "title": "t", \#(flags) "preview": {"images": [{"source": "#
        + #"{"url": "https://i.example/\#(name).jpg", "width": 10, "height": 10}}]}}"#
    }
    let document = try decode([
      post("a", #""over_18": true,"#), post("b", #""spoiler": true,"#),
      post("c", #""over_18": false,"#), post("d", ""),
    ])
    #expect(document.items.map(\.isSensitive) == [true, true, false, false])
  }
}
