import FeedModel

/// Pixabay API images (`/api/?key=…`): `{"total", "totalHits", "hits": […]}`. The picture is
/// `webformatURL` (640 px) with `webformatWidth`/`webformatHeight`, else `previewURL` with
/// `previewWidth`/`previewHeight`; the title is `tags`. Pixabay gives no next link: page it
/// with a template (`…&page={page}`).
enum PixabayDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let hits = root["hits"]?.array else {
      throw .notAFeed(source: source, detail: "a Pixabay answer without a \"hits\" list")
    }
    let (items, skipped) = ShapedItem.list(
      hits, noun: "hit", missing: "no \"webformatURL\" or \"previewURL\""
    ) { hit in
      let prefix = hit["webformatURL"]?.text != nil ? "webformat" : "preview"
      return hit["\(prefix)URL"]?.text.map { url in
        ShapedItem.make(
          url: url, width: hit["\(prefix)Width"]?.number, height: hit["\(prefix)Height"]?.number,
          title: hit["tags"]?.text, id: hit["id"]?.identifier, link: hit["pageURL"]?.text)
      }
    }
    return FeedDocument(items: items, skipped: skipped)
  }
}
