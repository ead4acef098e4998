import FeedModel

/// Mastodon statuses (`/api/v1/timelines/public`, `/api/v1/accounts/:id/statuses`): one item
/// per picture attachment, from the status or the status it boosts. An image's picture is
/// `preview_url` (Mastodon's terminal-friendly size, same shape), else `url`; a video's or an
/// animated GIF's (`gifv`, an MP4) is its still, `preview_url`, never `url`; audio has none. The
/// size is `meta.original.width/height` (else `meta.small`, the still's); the title is the alt
/// text, or what the still stands for when there is none; the placeholder the attachment's
/// `blurhash`. A status without pictures of its own that links to a page with a preview card
/// (`card.image`: a news or blog post's picture) shows the card's picture, titled by the card
/// and linked to that page; a status with neither is a text item of its content. Every item
/// keeps the status's date, its author's name and its content as text. A status marked
/// `sensitive` marks its pictures so. Pages come from
/// the `Link: <…>; rel="next"` header, which `FeedLoader` reads.
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
      let about = about(of: status)
      let before = items.count
      defer {
        for item in items[before...] { PostSpool.keep(status["content"]?.text, for: item) }
      }
      guard !pictures.isEmpty else {
        if let card = card(of: status, about: about) {
          items.append(card)
        } else if let text = ShapedItem.text(
          title: nil, id: status["id"]?.identifier,
          link: status["url"]?.text ?? status["uri"]?.text, about: about, keepsText: true)
        {
          items.append(text)
        } else {
          skipped.record(
            "status \(index + 1): no image attachment, video still or link card picture")
        }
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
            sensitive: status["sensitive"]?.isTrue ?? false, about: about))
      }
    }
    return FeedDocument(items: items, skipped: skipped)
  }

  /// The status's date, its author's display name (else account name) and its content.
  private static func about(of status: JSONValue) -> ItemAbout {
    let account = status["account"]
    let name = account?["display_name"]?.text.flatMap { $0.isEmpty ? nil : $0 }
    return AboutText.about(
      date: status["created_at"]?.text, author: name ?? account?["acct"]?.text,
      summary: status["spoiler_text"]?.text.flatMap { $0.isEmpty ? nil : $0 },
      summaryHTML: status["content"]?.text)
  }

  /// The picture of the status's link preview card, as an item leading to the page; nil when
  /// the card has none (or the page is not http(s)).
  private static func card(of status: JSONValue, about: ItemAbout) -> FeedItem? {
    guard let card = status["card"], let image = card["image"]?.text, !image.isEmpty,
      let page = ShapedItem.webAddress(card["url"]?.text)
    else { return nil }
    let title = card["title"]?.text.flatMap { $0.isEmpty ? nil : $0 }
    return ShapedItem.make(
      url: image, width: card["width"]?.number, height: card["height"]?.number,
      title: title ?? page, id: status["id"]?.identifier.map { "\($0)#card" }, link: page,
      placeholder: ShapedItem.placeholder(of: card),
      sensitive: status["sensitive"]?.isTrue ?? false, about: about)
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
