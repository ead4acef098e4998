/// The document formats Cascade reads, by name; `FeedFormat.detect` tells a document's format
/// from its first bytes.
///
/// A new format goes in FeedKit alone: a case here (and its `displayName`), a folder of its
/// own under `Formats/` with its decoder (`Formats/Reddit/RedditDecoder.swift`), a rule that tells
/// it apart (`JSONShapeSniffer` for a JSON API, `XMLPrologue` for XML, `FeedFormat.detect` for
/// anything else), and a line in `FeedDocument.decode` (in `decodeTree` for a JSON API read as
/// a tree).
public enum FeedFormat: String, Sendable, CaseIterable {
  /// JSON in the classic shape (`{"data": [{"img": …, "width": …, "height": …}]}`) and the
  /// liberal variants real feeds use.
  case json
  /// JSON Feed 1.0/1.1 (`"version": "https://jsonfeed.org/version/1.1"`).
  case jsonFeed = "jsonfeed"
  /// RSS 2.0 (and RSS 1.0/RDF) with Media RSS.
  case rss
  /// Atom 1.0, with Media RSS where a feed adds it.
  case atom
  /// A Reddit listing (`{"kind": "Listing", "data": {"children": […]}}`).
  case reddit
  /// Mastodon statuses: a home, public or account timeline (a list of statuses).
  case mastodon
  /// Unsplash API photos: a list, or a search answer with `results`.
  case unsplash
  /// Pexels API photos (`{"photos": […]}`).
  case pexels
  /// Pixabay API images (`{"hits": […]}`).
  case pixabay
  /// Flickr's public feeds as JSON (`{"items": [{"media": {"m": …}}]}`).
  case flickr
  /// Giphy API GIFs (`{"data": [{"images": …}], "pagination": …}`).
  case giphy
  /// Tenor API GIFs (`{"results": [{"media_formats": …}], "next": …}`).
  case tenor
  /// Bluesky feeds and searches (`{"feed": [{"post": …}], "cursor": …}`).
  case bluesky
  /// Lemmy posts (`{"posts": [{"post": …, "community": …}], "next_page": …}`).
  case lemmy
  /// MediaWiki API file pages, Wikimedia Commons' (`{"query": {"pages": …}}` with `imageinfo`).
  case mediawiki
  /// Imgur gallery posts (`{"data": [{"is_album": …, "images": …}]}`).
  case imgur
  /// Plain text, one picture URL or path a line.
  case urlList = "list"

  /// The format's name in messages.
  public var displayName: String {
    switch self {
    case .json: "JSON"
    case .jsonFeed: "JSON Feed"
    case .rss: "RSS"
    case .atom: "Atom"
    case .reddit: "Reddit listing JSON"
    case .mastodon: "Mastodon statuses JSON"
    case .unsplash: "Unsplash JSON"
    case .pexels: "Pexels JSON"
    case .pixabay: "Pixabay JSON"
    case .flickr: "Flickr feed JSON"
    case .giphy: "Giphy JSON"
    case .tenor: "Tenor JSON"
    case .bluesky: "Bluesky JSON"
    case .lemmy: "Lemmy JSON"
    case .mediawiki: "MediaWiki JSON"
    case .imgur: "Imgur JSON"
    case .urlList: "list of URLs"
    }
  }

  /// Whether the format is XML, read through `XMLFeedDecoder`.
  package var isXML: Bool { self == .rss || self == .atom }

  /// What a document's first bytes say it is.
  package enum Sniffed: Equatable {
    case format(FeedFormat)
    /// Markup no decoder reads: an HTML page (a server's error page, most often) or an XML
    /// document (an RSS or Atom feed).
    case markup(String)
  }

  /// The format of a document from its first bytes (byte order mark and white space skipped);
  /// JSON when nothing else fits, so that a broken document is reported with JSON's line and
  /// column.
  package static func sniff(_ prefix: some Collection<UInt8>) -> Sniffed {
    let start = ByteOrderMark.skipped(prefix).drop(while: ByteOrderMark.isBlank)
    guard start.first == UInt8(ascii: "<") else { return .format(.json) }
    let head = String(decoding: start.prefix(64), as: UTF8.self).lowercased()
    let xml = ["<?xml", "<rss", "<feed", "<rdf:rdf"].contains { head.hasPrefix($0) }
    return .markup(xml ? "an XML document (an RSS or Atom feed?)" : "an HTML page")
  }
}
