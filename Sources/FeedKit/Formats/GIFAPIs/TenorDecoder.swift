import FeedModel

/// Tenor API answers (v2: `/v2/search`, `/v2/featured`): `{"results": [{"media_formats":
/// {"gifpreview": {"url", "dims": [w, h]}, "tinygif": {…}, …}, "content_description",
/// "itemurl"}], "next": "…"}`. Cascade shows a GIF's first frame, so the picture is Tenor's
/// still of it: `gifpreview` (a still of the full-size GIF), else `tinygifpreview`, `tinygif`,
/// `gif` or `mediumgif`, sized by that format's `dims`. The title is `content_description`
/// (else `title`), the link the GIF's Tenor page (`itemurl`). Pages follow `next`, which Tenor
/// expects as the `pos` parameter of the same URL.
enum TenorDecoder {
  /// The formats tried, in order.
  static let formats = ["gifpreview", "tinygifpreview", "tinygif", "gif", "mediumgif"]

  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let results = root["results"]?.array else {
      throw .notAFeed(source: source, detail: "a Tenor answer without a \"results\" list")
    }
    let (items, skipped) = ShapedItem.list(
      results, noun: "result",
      missing: "no \"media_formats\" with a URL (\(formats.joined(separator: ", ")))"
    ) { result in
      guard
        let (format, url) = formats.lazy.compactMap({ name in
          result["media_formats", name].flatMap { format in format["url"]?.text.map { (format, $0) }
          }
        }).first
      else { return nil }
      let dims = format["dims"]?.array
      return ShapedItem.make(
        url: url, width: dims?.first?.number, height: dims?.dropFirst().first?.number,
        title: result["content_description"]?.text ?? result["title"]?.text,
        id: result["id"]?.identifier, link: result["itemurl"]?.text)
    }
    // An empty `next` ("" or "0") is Tenor's last page.
    let next = root["next"]?.text.flatMap { token in
      token == "0" || results.isEmpty ? nil : NextPageQuery.url(source, setting: "pos", to: token)
    }
    return FeedDocument(items: items, skipped: skipped, next: next)
  }
}
