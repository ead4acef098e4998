/// Mastodon statuses (`/api/v1/timelines/public`, `/api/v1/accounts/:id/statuses`): one item
/// per image attachment, from the status or the status it boosts. The picture is `preview_url`
/// (Mastodon's terminal-friendly size, same shape), else `url`; the size is
/// `meta.original.width/height`; the title is the alt text; the placeholder the attachment's
/// `blurhash`. A status marked `sensitive` marks its pictures so. Pages come from the `Link: <…>; rel="next"` header, which `FeedLoader` reads.
enum MastodonDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let statuses = root.array else {
      throw .notAFeed(source: source, detail: "Mastodon statuses must be a list")
    }
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for (index, outer) in statuses.enumerated() {
      let status = outer["reblog"].flatMap { $0["id"] == nil ? nil : $0 } ?? outer
      let images = (status["media_attachments"]?.array ?? []).filter {
        $0["type"]?.text == "image"
      }
      guard !images.isEmpty else {
        skipped.record("status \(index + 1): no image attachment")
        continue
      }
      for image in images {
        guard let url = image["preview_url"]?.text ?? image["url"]?.text else { continue }
        let size = image["meta", "original"] ?? image["meta", "small"]
        items.append(
          ShapedItem.make(
            url: url, width: size?["width"]?.number, height: size?["height"]?.number,
            title: image["description"]?.text, id: image["id"]?.identifier,
            link: status["url"]?.text ?? status["uri"]?.text,
            placeholder: ShapedItem.placeholder(of: image),
            sensitive: status["sensitive"]?.isTrue ?? false))
      }
    }
    return FeedDocument(items: items, skipped: skipped)
  }
}
