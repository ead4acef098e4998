import FeedModel
import FoundationEssentials

/// The address a page fetched over http(s) finally came from (after redirects), against which
/// its items' relative picture addresses and links are made absolute as they are decoded.
///
/// A relative reference means "relative to this document", and the document is where the
/// redirects ended: a feed moved from `/old/feed.xml` to `/f/feed.xml` names `image/a.png`
/// under `/f/`. Resolved later against the address asked for, the pictures were requested
/// where they are not (404), and a link such as `/posts/1.html` could not be opened at all.
/// Items are made absolute once, per page: page 2 may live elsewhere than page 1.
///
/// Only items with a relative address are rebuilt, read from their bytes: an absolute one (the
/// common case) costs a look at its first bytes and no string.
struct PageAddress: Sendable {
  private let base: URL

  /// Nil for an address that is not an absolute http(s) URL.
  init?(_ address: String) {
    guard let url = URL(feedText: address), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    base = url
  }

  /// `items` with their relative picture addresses and links made absolute.
  func resolving(_ items: [FeedItem]) -> [FeedItem] {
    guard items.contains(where: \.hasRelativeAddress) else { return items }
    return items.map(resolving)
  }

  /// `item` with its relative picture address and link made absolute. A reference that does
  /// not resolve is left as it was, for the picture's load to report.
  func resolving(_ item: FeedItem) -> FeedItem {
    guard item.hasRelativeAddress else { return item }
    var item = item
    if let absolute = absolute(item.imageURL) { item.imageURL = absolute }
    if let link = item.link, let absolute = absolute(link) { item.link = absolute }
    return item
  }

  /// `reference` resolved against the page, or nil when it is absolute already or does not
  /// resolve.
  private func absolute(_ reference: String) -> String? {
    let trimmed = reference.trimmingASCIIWhitespace()
    guard !trimmed.isEmpty, FeedSource.scheme(of: trimmed) == nil,
      let url = URL(feedText: trimmed, relativeTo: base)?.absoluteURL
    else { return nil }
    return url.absoluteString
  }
}

extension FeedItem {
  /// Whether the picture's address or the link names no scheme (`a.png`, `/p/1`, `//cdn/x`):
  /// a reference relative to the document it came in.
  var hasRelativeAddress: Bool {
    texts.withUTF8(Self.isRelative) || texts.withTexts { $0.link.map(Self.isRelative) ?? false }
  }

  /// No `scheme:` before the first `/`, `?` or `#` (a scheme of one letter is a drive, as
  /// `FeedSource.scheme(of:)` has it); white space around the address is ignored.
  private static func isRelative(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var letters = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
        UInt8(ascii: "\r")
      where letters == 0:
        continue
      case UInt8(ascii: ":"): return letters < 2
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        letters += 1
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."):
        guard letters > 0 else { return true }
        letters += 1
      default: return true
      }
    }
    return true
  }
}
