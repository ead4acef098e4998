import FeedModel

/// Flickr's public feeds (`https://www.flickr.com/services/feeds/photos_public.gne?format=json&
/// nojsoncallback=1`, and the same for a user's, a group's or a tag's photos): `{"title",
/// "link", "items": [{"title", "link", "media": {"m": …}, "description", …}]}`, the feed
/// people reach for when they want pictures from the web without an API key.
///
/// The picture is `media.m` (Flickr's 240-pixel size, the one the feed gives); its size comes
/// from the `<img>` Flickr puts in `description` with `width` and `height`. The title is the
/// photo's, the link its page. The feeds have one page (the latest twenty photos).
enum FlickrFeedDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let entries = root["items"]?.array else {
      throw .notAFeed(source: source, detail: "a Flickr feed without an \"items\" list")
    }
    let missing = "no \"media\" picture"
    let (items, skipped) = ShapedItem.list(entries, noun: "photo", missing: missing) { entry in
      entry["media", "m"]?.text.map { url in
        // The description's picture is the same one, declared with its size.
        let declared = entry["description"]?.text.flatMap(HTMLImages.first(in:))
        let title = entry["title"]?.text
        return ShapedItem.make(
          url: url, width: declared?.width, height: declared?.height,
          title: title?.isEmpty == false ? title : nil, id: entry["link"]?.text,
          link: entry["link"]?.text)
      }
    }
    return FeedDocument(items: items, skipped: skipped, title: root["title"]?.text)
  }
}
