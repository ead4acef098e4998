import FeedModel

/// Giphy API answers (`/v1/gifs/trending`, `/v1/gifs/search`, `/v1/stickers/…`):
/// `{"data": [{"images": {…}, "title", "url"}], "pagination": {"offset", "count",
/// "total_count"}}`. Cascade shows a GIF's first frame, so the picture is the first frame
/// Giphy already cut: `fixed_width_still` (200 px wide, one frame — a tenth of the animation's
/// bytes), else `fixed_width`, `downsized` or `original`, with that rendition's `width`/`height`
/// (strings in Giphy's answers), else the original's. The title is the GIF's `title` (else
/// `alt_text`), the link its Giphy page (`url`). Pages follow `offset`, set to the next one
/// in the same URL until `total_count`.
enum GiphyDecoder {
  /// The renditions tried, in order.
  static let renditions = ["fixed_width_still", "fixed_width", "downsized", "original"]

  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let gifs = root["data"]?.array else {
      throw .notAFeed(source: source, detail: "a Giphy answer without a \"data\" list")
    }
    let (items, skipped) = ShapedItem.list(
      gifs, noun: "GIF", missing: "no \"images\" with a URL (\(renditions.joined(separator: ", ")))"
    ) { gif in
      guard
        let (rendition, url) = renditions.lazy.compactMap({ name in
          gif["images", name].flatMap { image in image["url"]?.text.map { (image, $0) } }
        }).first
      else { return nil }
      let original = gif["images", "original"]
      return ShapedItem.make(
        url: url, width: rendition["width"]?.number ?? original?["width"]?.number,
        height: rendition["height"]?.number ?? original?["height"]?.number,
        title: gif["title"]?.text ?? gif["alt_text"]?.text, id: gif["id"]?.identifier,
        link: gif["url"]?.text)
    }
    return FeedDocument(items: items, skipped: skipped, next: nextPage(root, source: source))
  }

  /// The URL with `offset` past this page, while the answer says there are more.
  private static func nextPage(_ root: JSONValue, source: String) -> String? {
    guard let offset = root["pagination", "offset"]?.number,
      let count = root["pagination", "count"]?.number, count > 0, offset >= 0,
      offset + count < 1e12
    else { return nil }
    let next = Int(offset + count)
    if let total = root["pagination", "total_count"]?.number, Double(next) >= total { return nil }
    return NextPageQuery.url(source, setting: "offset", to: String(next))
  }
}
