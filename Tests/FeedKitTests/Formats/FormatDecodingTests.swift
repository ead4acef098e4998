import FeedModel
import Foundation
import Testing

@testable import FeedKit

@Suite struct FormatDecodingTests {
  /// - Parameter picturesOnly: as `--pictures-only`: items without a picture are skipped
  ///   rather than kept as text items.
  private func decode(_ text: String, origin: String = "test", picturesOnly: Bool = false)
    throws -> FeedDocument
  {
    var options = LoadOptions()
    options.picturesOnly = picturesOnly
    return try FeedDocument.decode(Array(text.utf8), origin: origin, options: options)
  }

  @Test func jsonFeedTakesImageThenImageAttachment() throws {
    let document = try decode(WildDocuments.jsonFeed, picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://notes.example.org/media/heron.jpg", "https://notes.example.org/moss.webp",
      ])
    #expect(document.items.allSatisfy { !$0.hasSize })
    #expect(document.items.map(\.title) == ["A heron at dawn", "Moss, close up"])
    #expect(document.next == "https://notes.example.org/feed.json?page=2")
    #expect(document.title == "Field Notes")
    #expect(document.skipped.count == 1)
  }

  /// A photo blog's JSON Feed with its pictures only in the item's HTML: the first `<img>`
  /// that is not a tracking pixel, sized by its attributes, before the banner.
  @Test func jsonFeedFallsBackToTheFirstImageOfContentHTML() throws {
    let text = #"""
      {"version": "https://jsonfeed.org/version/1.1", "title": "Photo blog", "items": [
        {"id": "1", "url": "https://blog.example/1", "title": "Harbour",
         "content_html": "<p><img src=\"https://t.example/px.gif\" width=\"1\" height=\"1\"><img src=\"https://blog.example/uploads/harbour.jpg?w=800&amp;q=80\" width=\"800\" height=\"533\" alt=\"\"></p>",
         "banner_image": "https://blog.example/banner.jpg"},
        {"id": "2", "title": "Lazy", "content_html": "<img data-src=\"/uploads/lazy.png\" src=\"data:image/gif;base64,R0lGOD\">"},
        {"id": "3", "title": "Banner only", "content_html": "<p>words</p>",
         "banner_image": "https://blog.example/b3.jpg"},
        {"id": "4", "title": "Nothing", "content_html": "<p>no picture</p>"}
      ]}
      """#
    let document = try decode(text, picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://blog.example/uploads/harbour.jpg?w=800&q=80", "/uploads/lazy.png",
        "https://blog.example/b3.jpg",
      ])
    #expect(document.items[0].width == 800 && document.items[0].height == 533)
    #expect(!document.items[1].hasSize && !document.items[2].hasSize)
    #expect(document.items.map(\.title) == ["Harbour", "Lazy", "Banner only"])
    #expect(document.skipped.count == 1)
    #expect(
      document.skipped.firstReason == "a text item, with no picture (LoadOptions.picturesOnly)")
  }

  @Test func flickrFeedsTakeMediaSizedByTheirDescription() throws {
    let document = try decode(WildDocuments.flickr)
    #expect(
      document.items.map(\.imageURL) == [
        "https://live.staticflickr.com/65535/53500001_abc_m.jpg",
        "https://live.staticflickr.com/65535/53500002_def_m.jpg",
      ])
    #expect(document.items[0].width == 240 && document.items[0].height == 160)
    #expect(!document.items[1].hasSize)
    #expect(document.items.map(\.title) == ["Harbour at dusk", nil])
    #expect(document.items[0].link == "https://www.flickr.com/photos/someone/53500001/")
    #expect(document.title == "Recent Uploads tagged harbour")
    #expect(document.skipped.count == 1)
    #expect(document.skipped.firstReason?.hasPrefix("photo 3: no \"media\"") == true)
    #expect(document.next == nil)
  }

  /// Giphy: the first frame Giphy already cut (a tenth of the animation's bytes), sized by
  /// its rendition's strings; the original where there is no still; a GIF with no picture is
  /// skipped with the renditions it was looked for under.
  @Test func giphyTakesTheStillFirstFrame() throws {
    let document = try decode(
      WildDocuments.giphy, origin: "https://api.giphy.com/v1/gifs/trending?api_key=k&limit=3")
    #expect(
      document.items.map(\.imageURL) == [
        "https://media2.giphy.com/media/3o7TKSjRrfIPjeiVyM/200w_s.gif?cid=1&rid=200w_s.gif",
        "https://media0.giphy.com/media/l0HlBO7eyXzSZkJri/giphy.gif",
      ])
    #expect(document.items.map(\.width) == [200, 360])
    #expect(document.items.map(\.height) == [113, 480])
    #expect(document.items.map(\.title) == ["Cat Jumping GIF", "Waving hand"])
    #expect(document.items[0].link == "https://giphy.com/gifs/cat-3o7TKSjRrfIPjeiVyM")
    #expect(document.items[0].id == "3o7TKSjRrfIPjeiVyM")
    #expect(document.skipped.count == 1)
    #expect(document.skipped.firstReason?.contains("fixed_width_still") == true)
    #expect(document.next == "https://api.giphy.com/v1/gifs/trending?api_key=k&limit=3&offset=3")
    // The last page, and a saved answer, have none.
    let last = WildDocuments.giphy.replacingOccurrences(
      of: #""total_count": 4000"#, with: #""total_count": 3"#)
    #expect(try decode(last, origin: "https://api.giphy.com/v1/gifs/search?q=x").next == nil)
    #expect(try decode(WildDocuments.giphy, origin: "/tmp/giphy.json").next == nil)
  }

  /// Tenor: the still of the full-size GIF, sized by its `dims`; pages by `pos`.
  @Test func tenorTakesTheStillPreview() throws {
    let document = try decode(
      WildDocuments.tenor, origin: "https://tenor.googleapis.com/v2/search?q=dog&key=k&limit=3")
    #expect(
      document.items.map(\.imageURL) == [
        "https://media.tenor.com/AAAAe/excited-dog.png", "https://media.tenor.com/x/wave.gif",
      ])
    #expect(document.items.map(\.width) == [640, 220])
    #expect(document.items.map(\.height) == [480, 300])
    #expect(document.items.map(\.title) == ["Excited Dog GIF", "Wave"])
    #expect(document.items[0].link == "https://tenor.com/view/excited-dog-16596290870466262486")
    #expect(document.skipped.count == 1)
    #expect(
      document.next
        == "https://tenor.googleapis.com/v2/search?q=dog&key=k&limit=3"
        + "&pos=CAgQrISRwYfbzQIaHgoKAD-_xXdPYjm_5xIQK3w1K5Qn6Fq1a3lJMzSeqzAO")
    let last = WildDocuments.tenor.replacingOccurrences(
      of: #""next": "CAgQrISRwYfbzQIaHgoKAD-_xXdPYjm_5xIQK3w1K5Qn6Fq1a3lJMzSeqzAO""#,
      with: #""next": """#)
    #expect(try decode(last, origin: "https://tenor.googleapis.com/v2/featured").next == nil)
  }

  /// Bluesky: each picture of a post (images, a video's still, a quote post's media), sized by
  /// its aspect ratio, titled by its alt text else the post's text, linked to the post.
  @Test func blueskyTakesEveryPictureOfAPost() throws {
    let source =
      "https://public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=kim.bsky.social"
    let document = try decode(WildDocuments.bluesky, origin: source, picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk1@jpeg",
        "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk2@jpeg",
        "https://video.bsky.app/watch/did%3Aplc%3Axyz/bafv/thumbnail.jpg",
        "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk3@jpeg",
        "https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:abc/bafk5@jpeg",
      ])
    #expect(
      document.items.map(\.title) == [
        "Frost on a leaf", "Two frosty mornings", "Waves", "A heron", "Why the tides are late",
      ])
    // A link card's picture leads to the page it stands for (a news post had no picture).
    #expect(document.items[4].link == "https://news.example/tides")
    #expect(!document.items[4].hasSize)
    #expect(document.items[0].width == 2000 && document.items[0].height == 1500)
    #expect(!document.items[1].hasSize)
    #expect(document.items[2].width == 1080 && document.items[2].height == 1920)
    #expect(document.items.map(\.isSensitive) == [false, false, false, true, false])
    #expect(document.items[0].link == "https://bsky.app/profile/kim.bsky.social/post/3kq1")
    #expect(document.items[2].link == "https://bsky.app/profile/lee.example.com/post/3kq2")
    #expect(document.items[0].id == "at://did:plc:abc/app.bsky.feed.post/3kq1#1")
    #expect(document.items[2].id == "at://did:plc:xyz/app.bsky.feed.post/3kq2")
    #expect(document.skipped.count == 1)
    #expect(
      document.skipped.firstReason == "a text item, with no picture (LoadOptions.picturesOnly)")
    #expect(document.next == source + "&cursor=2024-12-01T07:59:59.000Z")
    // A search lists posts bare.
    let search =
      #"{"posts": [{"uri": "at://d/app.bsky.feed.post/k", "cid": "c", "#
      + #""author": {"handle": "h"}, "record": {"text": "t"}, "#
      + #""embed": {"images": [{"thumb": "https://cdn.example/x@jpeg", "alt": "x"}]}}]}"#
    let found = try decode(search)
    #expect(found.items.map(\.imageURL) == ["https://cdn.example/x@jpeg"])
    #expect(found.items[0].link == "https://bsky.app/profile/h/post/k")
  }

  /// Lemmy: the instance's thumbnail, else a picture link; marked posts kept back; text and
  /// link posts skipped; pages by `page_cursor`.
  @Test func lemmyTakesThumbnailsAndPictureLinks() throws {
    let source = "https://lemmy.example/api/v3/post/list?community_name=pics&sort=Hot"
    let document = try decode(WildDocuments.lemmy, origin: source, picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://lemmy.example/pictrs/image/a-thumb.webp", "https://files.example.org/map.png",
        "https://lemmy.example/pictrs/image/c.webp",
      ])
    #expect(document.items.map(\.title) == ["Mountain lake at dawn", "Old map", "Marked"])
    #expect(document.items.map(\.isSensitive) == [false, false, true])
    #expect(document.items.allSatisfy { !$0.hasSize })
    #expect(document.items[1].link == "https://other.example/post/9")
    #expect(document.skipped.count == 1)
    #expect(document.next == source + "&page_cursor=Pa46c")
  }

  /// MediaWiki: the scaled copy when asked for, else the file; titles without `File:` and the
  /// extension; pages keyed by id kept in id order, or a list as it comes; `continue` pages.
  @Test func mediaWikiTakesFilePages() throws {
    let source =
      "https://commons.wikimedia.org/w/api.php?action=query&generator=categorymembers"
      + "&gcmtitle=Category:Herons&prop=imageinfo&iiprop=url%7Csize&iiurlwidth=640&format=json"
    let document = try decode(WildDocuments.mediawiki, origin: source)
    #expect(
      document.items.map(\.imageURL) == [
        "https://upload.wikimedia.org/wikipedia/commons/c/cd/Old_map.png",
        "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Heron_at_dawn.jpg/640px-Heron_at_dawn.jpg",
      ])
    #expect(document.items.map(\.title) == ["Old map", "Heron at dawn"])
    #expect(document.items.map(\.width) == [800, 640])
    #expect(document.items.map(\.height) == [1200, 427])
    #expect(document.items[1].link == "https://commons.wikimedia.org/wiki/File:Heron_at_dawn.jpg")
    #expect(document.skipped.count == 1)
    let next = try #require(document.next.flatMap(URLComponents.init(string:)))
    let query = Dictionary(
      uniqueKeysWithValues: (next.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    #expect(query["gcmcontinue"] == "file|4845524f4e|1234")
    #expect(query["continue"] == "gcmcontinue||")
    #expect(query["gcmtitle"] == "Category:Herons" && query["iiurlwidth"] == "640")
    // formatversion=2: a list, in its order; the last page has no `continue`.
    let listed =
      #"{"batchcomplete": true, "query": {"pages": ["#
      + #"{"pageid": 9, "title": "File:B.jpg", "imageinfo": [{"url": "https://u.example/B.jpg", "#
      + #""width": 3, "height": 2}]}, {"pageid": 3, "title": "File:A.jpg", "imageinfo": "#
      + #"[{"url": "https://u.example/A.jpg", "width": 2, "height": 3}]}]}}"#
    let two = try decode(listed, origin: source)
    #expect(two.items.map(\.title) == ["B", "A"])
    #expect(two.next == nil)
    // An answer without file information says what to ask for.
    #expect {
      try decode(#"{"batchcomplete": "", "query": {"search": []}}"#, origin: source)
    } throws: { "\($0)".contains("prop=imageinfo") }
  }

  /// Imgur: one item per post, an album by its cover; videos skipped; nsfw kept back.
  @Test func imgurShowsEachPostByItsCover() throws {
    let document = try decode(WildDocuments.imgur)
    #expect(
      document.items.map(\.imageURL) == [
        "https://i.imgur.com/img2.jpeg", "https://i.imgur.com/xYz9.png",
        "https://i.imgur.com/cov3.jpg",
      ])
    #expect(document.items.map(\.width) == [1080, 500, 3000])
    #expect(document.items.map(\.height) == [1350, 400, 2000])
    #expect(document.items.map(\.title) == ["My cat through the year", "Sunset", "Trip"])
    #expect(
      document.items.map(\.link) == [
        "https://imgur.com/a/aB1cD", "https://imgur.com/xYz9", "https://imgur.com/a/alb2",
      ])
    #expect(document.items.map(\.isSensitive) == [false, true, false])
    #expect(document.skipped.count == 1)
    #expect(document.skipped.firstReason?.hasPrefix("post 3: ") == true)
  }

  /// JSON in a script call, as Flickr and older APIs send it without `nojsoncallback=1`:
  /// the JSON inside is read, whatever its format.
  @Test func jsonpCallbacksAreReadAsTheJSONInside() throws {
    let flickr = try decode("jsonFlickrFeed(" + WildDocuments.flickr + ")")
    #expect(
      flickr.items.map(\.imageURL) == (try decode(WildDocuments.flickr)).items.map(\.imageURL))
    let classic = try decode(
      "\u{FEFF} cb_1.$x ( [{\"img\": \"https://a.example/1.jpg\", \"w\": 4, \"h\": 3}] ) ; \n")
    #expect(classic.items.map(\.imageURL) == ["https://a.example/1.jpg"])
    #expect(classic.items.first?.width == 4)
    // Not a call around JSON: a list whose line has brackets, a call cut off before its end.
    let list = try decode("https://a.example/x(1).jpg\nhttps://a.example/y.jpg\n")
    #expect(list.items.count == 2)
    #expect(throws: FeedError.self) { try decode(#"callback({"data": [{"img": "a.jpg""#) }
    #expect(throws: FeedError.self) { try decode(#"callback(1)"#) }
  }

  @Test func rssReadsMediaContentGroupsAndImageEnclosures() throws {
    let document = try decode(WildDocuments.rss, picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://photos.example.net/1-1024.jpg", "https://photos.example.net/2.jpg",
        "https://photos.example.net/3.png",
      ])
    #expect(document.items[0].width == 1024 && document.items[0].height == 683)
    #expect(!document.items[1].hasSize && !document.items[2].hasSize)
    #expect(document.items.map(\.id) == ["photo-1", "https://photos.example.net/p/2", "photo-3"])
    #expect(document.items[0].link == "https://photos.example.net/p/1")
    #expect(document.items[0].title == "Red boat")
    #expect(document.title == "Harbour Photos")
    #expect(document.next == "https://photos.example.net/rss?page=2")
    #expect(document.skipped.count == 1)
    #expect(document.skipped.firstReason?.hasPrefix("item 4: no picture") == true)
  }

  @Test func atomReadsEnclosureLinksAndMediaThumbnails() throws {
    let document = try decode(WildDocuments.atom)
    #expect(
      document.items.map(\.imageURL) == [
        "https://diary.example.com/1.jpg", "https://diary.example.com/2-thumb.jpg",
      ])
    #expect(
      document.items.map(\.link) == ["https://diary.example.com/1", "https://diary.example.com/2"])
    #expect(document.items[1].width == 300 && document.items[1].height == 200)
    #expect(document.items[0].id == "tag:diary.example.com,2024:1")
    #expect(document.title == "Moorland Diary")
    #expect(document.next == "https://diary.example.com/atom.xml?page=2")
  }

  @Test func redditUnescapesURLsPicksTerminalSizesAndOrdersGalleries() throws {
    let document = try decode(
      WildDocuments.reddit, origin: "https://www.reddit.com/r/x.json?limit=3", picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://preview.redd.it/glencoe.jpeg?width=640&s=2",
        "https://preview.redd.it/m2.png?width=800&s=w",
        "https://preview.redd.it/m1.jpg?width=640&s=y",
      ])
    #expect(document.items.map(\.width) == [640, 800, 640])
    #expect(document.items.map(\.id) == ["t3_aaa111", "t3_ccc333#1", "t3_ccc333#2"])
    #expect(document.items[0].link == "https://www.reddit.com/r/EarthPorn/comments/aaa111/glencoe/")
    #expect(document.skipped.count == 1)
    #expect(document.next == "https://www.reddit.com/r/x.json?limit=3&after=t3_1b2c3d")
  }

  @Test func redditFromAFileHasNoNextPage() throws {
    #expect(try decode(WildDocuments.reddit, origin: "/tmp/r.json").next == nil)
  }

  @Test func mastodonKeepsImagesWithOriginalSizeAndAltText() throws {
    let document = try decode(WildDocuments.mastodon, picturesOnly: true)
    #expect(
      document.items.map(\.imageURL) == [
        "https://files.masto.example/small/frost.jpg", "https://files.masto.example/v.png",
      ])
    #expect(document.items[0].width == 1600 && document.items[0].height == 1200)
    #expect(document.items[0].title == "Ferns of frost on glass")
    #expect(document.items[0].link == "https://masto.example/@kim/112233")
    #expect(document.items[0].id == "555")
    #expect(document.items[1].title == "video")
    #expect(document.skipped.count == 1)
  }

  /// A video or an animated GIF (an MP4 either way) shows its still, never the movie's URL, and
  /// says what it is; audio and media the server has not fetched have nothing to show.
  @Test func mastodonVideosShowTheirStills() throws {
    func attachment(_ id: Int, _ type: String, preview: String?, alt: String?) -> String {
      let preview = preview.map { #""https://f.example/\#($0)""# } ?? "null"
      let alt = alt.map { #""\#($0)""# } ?? "null"
      return #"{"id": "\#(id)", "type": "\#(type)", "url": "https://f.example/\#(id).mp4", "#
        + #""preview_url": \#(preview), "description": \#(alt), "#
        + #""meta": {"original": {"width": 480, "height": 600}, "small": {"width": 400, "#
        + #""height": 500}}}"#
    }
    let attachments = [
      attachment(1, "gifv", preview: "1.png", alt: "A cat jumps"),
      attachment(2, "video", preview: "2.jpg", alt: nil),
      attachment(3, "video", preview: nil, alt: "no still"),
      attachment(4, "audio", preview: "4.jpg", alt: "cover"),
      attachment(5, "unknown", preview: "5.jpg", alt: nil),
    ]
    let statuses = [
      #"{"id": "1", "url": "https://m.example/1", "media_attachments": [\#(attachments.joined(separator: ","))]}"#,
      #"{"id": "2", "url": "https://m.example/2", "media_attachments": [\#(attachments[3])]}"#,
    ]
    let text = "[\(statuses.joined(separator: ","))]"
    let document = try FeedDocument.decode(Array(text.utf8), format: .mastodon, origin: "m.json")
    #expect(
      document.items.map(\.imageURL) == ["https://f.example/1.png", "https://f.example/2.jpg"])
    #expect(document.items.map(\.title) == ["A cat jumps (animated GIF)", "video"])
    #expect(document.items.allSatisfy { $0.width == 480 && $0.height == 600 })
    #expect(document.items.allSatisfy { $0.link == "https://m.example/1" })
    #expect(document.skipped.count == 1)
    #expect(document.skipped.firstReason?.hasPrefix("status 2: ") == true, "\(document.skipped)")
  }

  /// A status that only links to a page shows the page's preview card picture (a news
  /// account's timeline showed nothing); a card without a picture, or leading to no web page,
  /// is skipped as before.
  @Test func mastodonLinkCardsShowTheirPictures() throws {
    let card =
      #"{"id": "7", "url": "https://m.example/7", "media_attachments": [], "card": {"#
      + #""url": "https://news.example/tides", "title": "Why the tides are late", "#
      + #""type": "link", "image": "https://files.m.example/cards/tides.jpg", "#
      + #""width": 640, "height": 336, "blurhash": "UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH"}}"#
    let bare =
      #"{"id": "8", "media_attachments": [], "card": {"url": "https://news.example/x", "#
      + #""title": "No picture", "image": null}}"#
    let elsewhere =
      #"{"id": "9", "media_attachments": [], "card": {"url": "javascript:alert(1)", "#
      + #""image": "https://files.m.example/cards/x.jpg"}}"#
    let text = "[\(card), \(bare), \(elsewhere)]"
    let document = try FeedDocument.decode(Array(text.utf8), format: .mastodon, origin: "m.json")
    #expect(document.items.map(\.imageURL) == ["https://files.m.example/cards/tides.jpg"])
    let item = try #require(document.items.first)
    #expect(item.title == "Why the tides are late")
    #expect(item.link == "https://news.example/tides")
    #expect(item.width == 640 && item.height == 336)
    #expect(item.id == "7#card")
    #expect(item.placeholder != nil)
    #expect(document.skipped.count == 2)
  }

  /// A status marked sensitive marks its pictures so, a boosted one by the boosted status's
  /// mark; the mark survives the item's other texts being changed.
  @Test func mastodonSensitiveStatusesMarkTheirPictures() throws {
    func status(_ id: String, sensitive: Bool) -> String {
      #"{"id": "\#(id)", "sensitive": \#(sensitive), "url": "https://m.example/\#(id)", "#
        + #""media_attachments": [{"id": "m\#(id)", "type": "image", "#
        + #""url": "https://f.example/\#(id).jpg"}]}"#
    }
    let boost = #"{"id": "9", "sensitive": false, "reblog": \#(status("3", sensitive: true))}"#
    let text = "[\(status("1", sensitive: true)), \(status("2", sensitive: false)), \(boost)]"
    let document = try FeedDocument.decode(Array(text.utf8), format: .mastodon, origin: "m.json")
    #expect(document.items.map(\.isSensitive) == [true, false, true])
    var item = document.items[0]
    item.title = "retitled"
    item.placeholder = .color(red: 1, green: 2, blue: 3)
    #expect(item.isSensitive)
    #expect(item != document.items[0])
    #expect(!FeedItem(imageURL: "https://f.example/x.jpg", width: 1, height: 1).isSensitive)
  }

  @Test func photoAPIsUseTerminalSizedURLsAndTheirSizes() throws {
    let unsplash = try decode(WildDocuments.unsplash)
    #expect(unsplash.items.map(\.imageURL) == ["https://images.unsplash.com/photo-1?w=400"])
    #expect(unsplash.items[0].width == 5245 && unsplash.items[0].title == "man on a hill")
    let pexels = try decode(WildDocuments.pexels)
    #expect(
      pexels.items.map(\.imageURL) == [
        "https://images.pexels.com/photos/2014422/a.jpeg?h=350",
        "https://images.pexels.com/photos/2014423/b.jpeg?h=650&w=940",
      ])
    #expect(pexels.items.map(\.id) == ["2014422", "2014423"])
    #expect(pexels.items[1].title == nil)
    #expect(pexels.next == "https://api.pexels.com/v1/curated/?page=2&per_page=2")
    let pixabay = try decode(WildDocuments.pixabay)
    #expect(pixabay.items.map(\.imageURL) == ["https://pixabay.com/get/35bbf209e13e39d2_640.jpg"])
    #expect(pixabay.items[0].width == 640 && pixabay.items[0].height == 360)
    #expect(pixabay.items[0].title == "blossom, bloom, flower")
  }

  @Test func urlListKeepsEveryLineButCommentsAndBlanks() throws {
    let document = try decode(WildDocuments.urlList)
    #expect(
      document.items.map(\.imageURL) == [
        "https://pics.example.org/one.jpg", "./two.png", "/srv/photos/three.webp",
        "file:///srv/photos/four.gif",
      ])
    #expect(document.items.allSatisfy { !$0.hasSize && $0.layoutWidth == 1 })
  }

  @Test func forcedFormatThatDoesNotFitSaysWhichFormat() throws {
    let error = #expect(throws: FeedError.self) {
      try FeedDocument.decode(Array("not xml".utf8), format: .rss, origin: "f.xml")
    }
    guard case .malformed("RSS", "f.xml", let location, _)? = error else {
      Issue.record("expected a malformed RSS error, got \(String(describing: error))")
      return
    }
    #expect(location.hasPrefix("line 1"))
  }

  @Test func brokenAPIJSONIsMalformedInItsFormatWithLineAndColumn() {
    let text = "{\"version\": \"https://jsonfeed.org/version/1.1\",\n \"items\": [1,]}"
    let error = #expect(throws: FeedError.self) { try decode(text) }
    #expect(error?.description.contains("malformed JSON Feed at line 2") == true)
  }

  /// A list with one bad line was refused whole; the line is skipped and counted.
  @Test func urlListSkipsAndCountsABadLine() throws {
    let document = try decode(
      "https://a.example/one.jpg\n{oops}\n./two.png\nhttps://a.example/three.jpg\n")
    #expect(
      document.items.map(\.imageURL) == [
        "https://a.example/one.jpg", "./two.png", "https://a.example/three.jpg",
      ])
    #expect(document.skipped.count == 1)
    #expect(document.skipped.message?.contains("line 2") == true)
    let error = #expect(throws: FeedError.self) {
      try FeedDocument.decode(Array("prose\nmore prose\n".utf8), format: .urlList, origin: "l")
    }
    #expect(error?.description.contains("is not a URL or a picture's path") == true)
  }

  @Test func urlListWithByteOrderMarkKeepsItsFirstURL() throws {
    let document = try decode("\u{FEFF}https://a.example/one.jpg\r\n./two.png\r\n")
    #expect(document.items.map(\.imageURL) == ["https://a.example/one.jpg", "./two.png"])
  }

  @Test(arguments: WildDocuments.all.map(\.0))
  func byteOrderMarkDecodesAsWithout(format: FeedFormat) throws {
    let text = try #require(WildDocuments.all.first { $0.0 == format }?.1)
    let plain = try decode(text)
    let marked = try decode("\u{FEFF}" + text)
    #expect(marked.items == plain.items)
    let forced = try FeedDocument.decode(
      Array(("\u{FEFF}" + text).utf8), format: format, origin: "t")
    #expect(forced.items == plain.items)
  }
}
