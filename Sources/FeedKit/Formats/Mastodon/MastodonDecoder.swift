/// Mastodon statuses (`/api/v1/timelines/public`, `/api/v1/accounts/:id/statuses`): one item
/// per picture attachment, from the status or the status it boosts. An image's picture is
/// `preview_url` (Mastodon's terminal-friendly size, same shape), else `url`; a video's or an
/// animated GIF's (`gifv`, an MP4) is its still, `preview_url`, never `url`; audio has none. The
/// size is `meta.original.width/height` (else `meta.small`, the still's); the title is the alt
/// text, or what the still stands for when there is none; the placeholder the attachment's
/// `blurhash`. A status marked `sensitive` marks its pictures so. Pages come from the
/// `Link: <…>; rel="next"` header, which `FeedLoader` reads.
enum MastodonDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let statuses = root.array else {
      throw .notAFeed(source: source, detail: "Mastodon statuses must be a list")
    }
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for (index, outer) in statuses.enumerated() {
      let status = outer["reblog"].flatMap { $0["id"] == nil ? nil : $0 } ?? outer
      let pictures = (status["media_attachments"]?.array ?? []).compactMap(picture(of:))
      guard !pictures.isEmpty else {
        skipped.record("status \(index + 1): no image attachment, nor a video's still")
        continue
      }
      for (image, url, title) in pictures {
        let size = image["meta", "original"] ?? image["meta", "small"]
        items.append(
          ShapedItem.make(
            url: url, width: size?["width"]?.number, height: size?["height"]?.number,
            title: title, id: image["id"]?.identifier,
            link: status["url"]?.text ?? status["uri"]?.text,
            placeholder: ShapedItem.placeholder(of: image),
            sensitive: status["sensitive"]?.isTrue ?? false))
      }
    }
    return FeedDocument(items: items, skipped: skipped)
  }

  /// An attachment's picture and title, nil for one with none to show (audio, a video without
  /// a still, media the server has not fetched: type `unknown`).
  private static func picture(of attachment: JSONValue) -> (JSONValue, String, String?)? {
    let alt = attachment["description"]?.text
    switch attachment["type"]?.text {
    case "image":
      guard let url = attachment["preview_url"]?.text ?? attachment["url"]?.text else {
        return nil
      }
      return (attachment, url, alt)
    case "video", "gifv":
      guard let still = attachment["preview_url"]?.text else { return nil }
      let kind = attachment["type"]?.text == "gifv" ? "animated GIF" : "video"
      return (attachment, still, alt.map { "\($0) (\(kind))" } ?? kind)
    default: return nil
    }
  }
}
