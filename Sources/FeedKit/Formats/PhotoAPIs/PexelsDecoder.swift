import FeedModel

/// Pexels API photos (`/v1/curated`, `/v1/search`): `{"page", "per_page", "photos": […],
/// "next_page"}`. The picture is `src.medium` (350 px tall: enough for a terminal) else
/// `src.large`; the size is the photo's `width`/`height`; the title its `alt`; the placeholder
/// its `avg_color`. Pages follow `next_page`.
enum PexelsDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let photos = root["photos"]?.array else {
      throw .notAFeed(source: source, detail: "a Pexels answer without a \"photos\" list")
    }
    let (items, skipped) = ShapedItem.list(
      photos, noun: "photo", missing: "no \"src\".\"medium\" or \"large\""
    ) { photo in
      (photo["src", "medium"]?.text ?? photo["src", "large"]?.text).map { url in
        ShapedItem.make(
          url: url, width: photo["width"]?.number, height: photo["height"]?.number,
          title: photo["alt"]?.text, id: photo["id"]?.identifier, link: photo["url"]?.text,
          placeholder: ShapedItem.placeholder(of: photo))
      }
    }
    return FeedDocument(items: items, skipped: skipped, next: root["next_page"]?.text)
  }
}
