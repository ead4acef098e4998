import FeedModel

/// Bluesky feeds from its public API, no account needed
/// (`public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=…`, `getFeed`, `getTimeline`,
/// `getListFeed`: `{"feed": [{"post": …}], "cursor"}`; `searchPosts`: `{"posts": […]}`). One
/// item per picture of a post: its images (`app.bsky.embed.images#view`, `thumb`: the CDN's
/// feed size, not the original), a video's still (`thumbnail`), and those under a quote post's
/// `media`, and a link card's picture (`app.bsky.embed.external#view`, `thumb`: a news or blog
/// post's card, titled by the card and linked to the page it stands for). The size is the
/// picture's `aspectRatio` (else read from the picture); the title its alt text, else the
/// post's text; the link the post on bsky.app. A post labelled as adult or
/// graphic content marks its pictures sensitive. Pages follow `cursor`, which the API expects
/// as a query parameter of the same URL. A post without pictures is a text item of its text.
/// Every item keeps the post's `createdAt` and its author's display name (else handle).
enum BlueskyDecoder {
  /// The self-labels and moderation labels that keep a picture back until `s`.
  static let sensitiveLabels: Set<String> = ["porn", "sexual", "nudity", "graphic-media", "gore"]

  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let entries = root["feed"]?.array ?? root["posts"]?.array else {
      throw .notAFeed(
        source: source, detail: "a Bluesky answer without a \"feed\" or \"posts\" list")
    }
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for (index, entry) in entries.enumerated() {
      // A feed wraps each post (`{"post": …, "reason": …}`); a search lists them bare.
      let post = entry["post"] ?? entry
      let pictures = pictures(of: post["embed"])
      let text = post["record", "text"]?.text
      let link = webLink(of: post)
      let author = post["author"]
      let about = AboutText.about(
        date: post["record", "createdAt"]?.text,
        author: (author?["displayName"]?.text).flatMap { $0.isEmpty ? nil : $0 }
          ?? author?["handle"]?.text, summary: text)
      guard !pictures.isEmpty else {
        // The post's text is its summary; it has no title of its own.
        if let item = ShapedItem.text(
          title: nil, id: post["uri"]?.text, link: link, about: about, keepsText: true)
        {
          items.append(item)
        } else {
          skipped.record("post \(index + 1): no picture (a text post, or a link without a card)")
        }
        continue
      }
      let sensitive = (post["labels"]?.array ?? []).contains {
        $0["val"]?.text.map(sensitiveLabels.contains) == true
      }
      let uri = post["uri"]?.text
      for (number, picture) in pictures.enumerated() {
        items.append(
          ShapedItem.make(
            url: picture.url, width: picture.width, height: picture.height,
            title: picture.alt ?? text,
            id: uri.map { pictures.count > 1 ? "\($0)#\(number + 1)" : $0 },
            link: picture.link ?? link,
            sensitive: sensitive, about: about))
      }
    }
    let next = root["cursor"]?.text.flatMap { NextPageQuery.url(source, setting: "cursor", to: $0) }
    return FeedDocument(items: items, skipped: skipped, next: next)
  }

  private struct Picture {
    var url: String
    var width: Double?
    var height: Double?
    var alt: String?
    /// Where the picture leads instead of the post: a link card's page.
    var link: String?
  }

  /// The pictures of an embed view: images, a video's still, or the media of a quote post.
  private static func pictures(of embed: JSONValue?) -> [Picture] {
    guard let embed else { return [] }
    if let images = embed["images"]?.array {
      return images.compactMap { image in
        (image["thumb"]?.text ?? image["fullsize"]?.text).map {
          Picture(
            url: $0, width: image["aspectRatio", "width"]?.number,
            height: image["aspectRatio", "height"]?.number, alt: image["alt"]?.text)
        }
      }
    }
    if let still = embed["thumbnail"]?.text, embed["playlist"] != nil {
      return [
        Picture(
          url: still, width: embed["aspectRatio", "width"]?.number,
          height: embed["aspectRatio", "height"]?.number,
          alt: embed["alt"]?.text.map { "\($0) (video)" })
      ]
    }
    if let card = embed["external"], let thumb = card["thumb"]?.text {
      let page = ShapedItem.webAddress(card["uri"]?.text)
      let title = card["title"]?.text.flatMap { $0.isEmpty ? nil : $0 }
      return [Picture(url: thumb, alt: title, link: page)]
    }
    return embed["media"].map(pictures(of:)) ?? []
  }

  /// `https://bsky.app/profile/HANDLE/post/KEY` for a post `at://DID/app.bsky.feed.post/KEY`.
  private static func webLink(of post: JSONValue) -> String? {
    guard let uri = post["uri"]?.text, let key = uri.split(separator: "/").last,
      let author = post["author", "handle"]?.text ?? post["author", "did"]?.text
    else { return nil }
    return "https://bsky.app/profile/\(author)/post/\(key)"
  }
}
