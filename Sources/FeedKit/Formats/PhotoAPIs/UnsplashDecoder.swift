import FeedModel

/// Unsplash API photos: a list (`/photos`, `/collections/:id/photos`) or a search answer
/// (`/search/photos`: `{"total", "total_pages", "results": […]}`). The picture is `urls.small`
/// (400 px wide: a terminal shows no more) else `urls.regular`; the size is the photo's
/// `width`/`height` (the original's, the same shape); the placeholder its `blur_hash`, else its
/// `color`. Unsplash pages by a `Link` header.
enum UnsplashDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let photos = root.array ?? root["results"]?.array else {
      throw .notAFeed(source: source, detail: "Unsplash photos must be a list or \"results\"")
    }
    let (items, skipped) = ShapedItem.list(
      photos, noun: "photo", missing: "no \"urls\".\"small\" or \"regular\""
    ) { photo in
      (photo["urls", "small"]?.text ?? photo["urls", "regular"]?.text).map { url in
        ShapedItem.make(
          url: url, width: photo["width"]?.number, height: photo["height"]?.number,
          title: photo["alt_description"]?.text ?? photo["description"]?.text,
          id: photo["id"]?.identifier, link: photo["links", "html"]?.text,
          placeholder: ShapedItem.placeholder(of: photo))
      }
    }
    return FeedDocument(items: items, skipped: skipped)
  }
}
