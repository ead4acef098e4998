/// JSON Feed 1.0 and 1.1 (jsonfeed.org): each item's picture is its `image`, else its first
/// `attachments[]` entry with an image `mime_type`, else its `banner_image`. JSON Feed gives
/// no picture sizes, so every item is unsized. Pages follow `next_url`.
enum JSONFeedDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let entries = root["items"]?.array else {
      throw .notAFeed(source: source, detail: "a JSON Feed without an \"items\" list")
    }
    let (items, skipped) = ShapedItem.list(
      entries, noun: "item", missing: "no \"image\" and no image attachment"
    ) { entry in
      picture(of: entry).map { url in
        FeedItem.unsized(
          imageURL: url, title: entry["title"]?.text ?? entry["summary"]?.text,
          id: entry["id"]?.identifier, link: entry["url"]?.text ?? entry["external_url"]?.text)
      }
    }
    return FeedDocument(
      items: items, skipped: skipped, next: root["next_url"]?.text, title: root["title"]?.text)
  }

  private static func picture(of entry: JSONValue) -> String? {
    if let image = entry["image"]?.text { return image }
    let attachment = entry["attachments"]?.array?.first {
      ShapedItem.isImageType($0["mime_type"]?.text) && $0["url"]?.text != nil
    }
    return attachment?["url"]?.text ?? entry["banner_image"]?.text
  }
}
