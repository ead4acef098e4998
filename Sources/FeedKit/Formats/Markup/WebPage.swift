import FeedModel

/// A web page given where a feed was expected: a blog's or a site's address, pasted from the
/// browser's address bar. Most pages name their feed in their head (`<link rel="alternate"
/// type="application/rss+xml" href="/feed">`, or Atom, or JSON Feed), and a feed reader reads
/// that feed instead; Cascade does too, for a page fetched over http(s) (`FeedLoader`). A page
/// that names none, or one read from a file, gets a message that says what to give.
enum WebPage {
  /// The media types of a feed link. Not plain `application/json`: WordPress names its REST
  /// API that way, which is not a feed.
  static let feedTypes: Set = [
    "application/rss+xml", "application/atom+xml", "application/feed+json",
    "application/rdf+xml",
  ]

  /// Whether a document is an HTML page: past a byte order mark, white space, an XML
  /// declaration and comments, it opens with `<!DOCTYPE html` or `<html` (any case).
  static func isPage<Bytes: Collection<UInt8>>(_ document: Bytes) -> Bool {
    var rest = ByteOrderMark.skipped(document.prefix(8 << 10))
    while true {
      rest = rest.drop(while: ByteOrderMark.isBlank)
      if rest.starts(with: "<?".utf8), let end = range(of: "?>", in: rest) {
        rest = rest[end...]
      } else if rest.starts(with: "<!--".utf8), let end = range(of: "-->", in: rest) {
        rest = rest[end...]
      } else {
        break
      }
    }
    let head = String(decoding: rest.prefix(14), as: UTF8.self).lowercased()
    return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
  }

  /// The address of the first feed the page names in a `<link rel="alternate">`, as written
  /// (relative to the page, usually); nil when it names none.
  static func feedLink<Bytes: Collection<UInt8>>(in document: Bytes) -> String? {
    let html = String(decoding: document.prefix(FeedFormat.detectionPrefix), as: UTF8.self)
    return HTMLTags.first("link", in: html) { attributes in
      let relations = (attributes["rel"] ?? "").lowercased().split(separator: " ")
      let type = (attributes["type"] ?? "").lowercased().trimmingASCIIWhitespace()
      guard relations.contains("alternate"), feedTypes.contains(type),
        let href = attributes["href"].map({
          HTMLText.decodingReferences($0).trimmingASCIIWhitespace()
        }),
        !href.isEmpty
      else { return nil }
      return href
    }
  }

  /// The index just past `text`'s first occurrence in `bytes`.
  private static func range<Bytes: Collection<UInt8>>(of text: String, in bytes: Bytes)
    -> Bytes.Index?
  {
    let pattern = Array(text.utf8)
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if bytes[index...].starts(with: pattern) {
        return bytes.index(index, offsetBy: pattern.count)
      }
      index = bytes.index(after: index)
    }
    return nil
  }
}
