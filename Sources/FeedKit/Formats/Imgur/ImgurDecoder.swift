import FeedModel

/// Imgur gallery answers (`api.imgur.com/3/gallery/hot/viral/0`, `/3/gallery/search`,
/// `/3/account/NAME/submissions`: `{"data": [{"is_album", "images", "link", …}]}`). One item per
/// post, as Imgur's gallery shows them: an album's cover picture (the image whose `id` is its
/// `cover`, else its first, else the cover by id), a single picture's own `link`. The size is
/// that picture's `width`/`height` (an album's `cover_width`/`cover_height`); the title the
/// post's, else the picture's; the link the post's page; an `nsfw` post's picture is kept back
/// until `s`. Videos (`video/mp4`) have no still in the answer and are skipped with the reason.
/// Imgur pages by a number in the path: use a template (`…/viral/{page}`).
enum ImgurDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let posts = root["data"]?.array else {
      throw .notAFeed(source: source, detail: "an Imgur answer without a \"data\" list")
    }
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for (index, post) in posts.enumerated() {
      guard let picture = picture(of: post) else {
        skipped.record("post \(index + 1): no picture (no image, or a video)")
        continue
      }
      items.append(
        ShapedItem.make(
          url: picture.url, width: picture.width, height: picture.height,
          title: post["title"]?.text ?? picture.title, id: post["id"]?.identifier,
          link: page(of: post),
          sensitive: post["nsfw"]?.isTrue == true))
    }
    return FeedDocument(items: items, skipped: skipped)
  }

  private struct Picture {
    var url: String
    var width: Double?
    var height: Double?
    var title: String?
  }

  /// The post's page: an album's `link`; a single picture's `link` is the picture itself.
  private static func page(of post: JSONValue) -> String? {
    let album = post["is_album"]?.isTrue == true
    if album, let link = post["link"]?.text { return link }
    return post["id"]?.identifier.map { "https://imgur.com/\(album ? "a/" : "")\($0)" }
  }

  /// The picture a post shows: an album's cover, or the post itself.
  private static func picture(of post: JSONValue) -> Picture? {
    guard post["is_album"]?.isTrue == true else { return image(post) }
    let images = post["images"]?.array ?? []
    let cover = post["cover"]?.identifier
    if let chosen = images.first(where: { $0["id"]?.identifier == cover }) ?? images.first {
      return image(chosen)
    }
    // Some listings leave an album's images out but name its cover.
    return cover.map {
      Picture(
        url: "https://i.imgur.com/\($0).jpg", width: post["cover_width"]?.number,
        height: post["cover_height"]?.number, title: nil)
    }
  }

  /// An image's picture; nil for a video, whose `link` is an MP4.
  private static func image(_ image: JSONValue) -> Picture? {
    guard let link = image["link"]?.text,
      image["type"]?.text?.lowercased().hasPrefix("video/") != true
    else { return nil }
    return Picture(
      url: link, width: image["width"]?.number, height: image["height"]?.number,
      title: image["title"]?.text ?? image["description"]?.text)
  }
}
