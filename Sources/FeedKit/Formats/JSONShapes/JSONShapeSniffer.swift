import FeedModel

/// Tells the JSON formats apart from the start of a document: its top-level keys (and the
/// values of `version` and `kind`), and the keys of the first item of its list.
///
/// The walk tolerates a prefix cut anywhere: what was seen before the cut decides. Each rule
/// needs a key or value that only its format has, so a classic feed is never taken for another
/// format, and a JSON Feed with no items is still a JSON Feed (its `version` says so).
enum JSONShapeSniffer {
  /// What the walk saw.
  private struct Seen {
    var isArray = false
    var topKeys: Set<String> = []
    var version: String?
    var kind: String?
    /// The key of the top-level list whose first item was looked into (nil for a top-level list).
    var listKey: String?
    var firstItemKeys: Set<String> = []
    /// Whether the walk read past the first element of a list whole: what decides the format
    /// comes before that, so a prefix cut later tells the same format as the whole document.
    var pastFirstItem = false
  }

  /// Lists whose first item says which API answered (`data` also holds a classic feed's
  /// items).
  private static let listKeys: Set<String> = [
    "results", "photos", "hits", "items", "data", "feed", "posts",
  ]

  static func format(of prefix: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> FeedFormat {
    settledFormat(of: prefix, isComplete: isComplete, must: true) ?? .json
  }

  /// The format, or nil while `prefix` (not the whole document) could still turn out another:
  /// it ends before the first item of a list, and before a `version` or `kind` that decides.
  /// With `must`, the format from what was seen, settled or not.
  static func settledFormat(of prefix: UnsafeBufferPointer<UInt8>, isComplete: Bool, must: Bool)
    -> FeedFormat?
  {
    var seen = Seen()
    var reader = JSONReader(bytes: prefix, isComplete: isComplete, maxDepth: 64)
    var walked = false
    do {
      try walk(&reader, into: &seen)
      walked = true
    } catch {
      // A cut, a syntax error or a limit: decide with what was seen; the decoder reports errors.
    }
    let format = classify(seen)
    let decided = format == .jsonFeed || format == .reddit || format == .mediawiki
    guard must || isComplete || walked || decided || seen.pastFirstItem else { return nil }
    return format
  }

  private static func walk(_ reader: inout JSONReader, into seen: inout Seen)
    throws(JSONReader.Failure)
  {
    switch try reader.peekKind() {
    case .array:
      seen.isArray = true
      if try reader.enterArray() {
        seen.firstItemKeys = try firstKeys(&reader)
        if try reader.arrayHasMore() { seen.pastFirstItem = true }
      }
    case .object:
      guard try reader.enterObject() else { return }
      repeat {
        let key = reader.string(try reader.readKey())
        seen.topKeys.insert(key)
        let kind = try reader.peekKind()
        if kind == .string, key == "version" || key == "kind" {
          let value = reader.string(try reader.readString())
          if key == "version" { seen.version = value } else { seen.kind = value }
        } else if kind == .array, seen.listKey == nil, listKeys.contains(key) {
          seen.listKey = key
          if try reader.enterArray() {
            seen.firstItemKeys = try firstKeys(&reader)
            if try reader.arrayHasMore() { seen.pastFirstItem = true }
            while try reader.arrayHasMore() { try reader.skipValue() }
          }
        } else if kind == .array {
          // Another list (a classic feed's `data`): once past its first item, the keys that
          // tell the other formats apart have been seen.
          if try reader.enterArray() {
            try reader.skipValue()
            if try reader.arrayHasMore() { seen.pastFirstItem = true }
            while try reader.arrayHasMore() { try reader.skipValue() }
          }
        } else {
          try reader.skipValue()
        }
      } while try reader.objectHasMore()
    default:
      return
    }
  }

  /// The keys of the object at the cursor (none for another value), with the values skipped.
  private static func firstKeys(_ reader: inout JSONReader) throws(JSONReader.Failure)
    -> Set<String>
  {
    var keys: Set<String> = []
    guard try reader.peekKind() == .object else { return keys }
    do {
      if try reader.enterObject() {
        repeat {
          keys.insert(reader.string(try reader.readKey()))
          try reader.skipValue()
        } while try reader.objectHasMore()
      }
    } catch {
      // Keep the keys read before a cut: a Mastodon status is several KB long.
      if keys.isEmpty { throw error }
    }
    return keys
  }

  private static func classify(_ seen: Seen) -> FeedFormat {
    let item = seen.firstItemKeys
    if seen.isArray {
      if item.contains("media_attachments") && item.contains("account") { return .mastodon }
      if item.contains("urls") && item.contains("width") { return .unsplash }
      return .json
    }
    if let version = seen.version,
      version.hasPrefix("https://jsonfeed.org/version/")
        || version.hasPrefix("http://jsonfeed.org/version/")
    {
      return .jsonFeed
    }
    if seen.kind == "Listing", seen.topKeys.contains("data") { return .reddit }
    // MediaWiki's API answers `{"batchcomplete": …, "continue": …, "query": …}`.
    if seen.topKeys.contains("query"),
      seen.topKeys.contains("batchcomplete") || seen.topKeys.contains("continue")
    {
      return .mediawiki
    }
    switch seen.listKey {
    case "hits" where seen.topKeys.contains("totalHits") || item.contains("webformatURL"):
      return .pixabay
    case "photos" where item.contains("src") || seen.topKeys.contains("per_page"):
      return .pexels
    case "results" where item.contains("urls"):
      return .unsplash
    case "results" where item.contains("media_formats"):
      return .tenor
    case "data"
    where item.contains("images")
      && (item.contains("embed_url") || item.contains("bitly_gif_url")
        || item.contains("is_sticker")):
      return .giphy
    case "data" where item.contains("is_album") && item.contains("link"):
      return .imgur
    case "feed" where item.contains("post"):
      return .bluesky
    case "posts" where item.contains("uri") && item.contains("cid") && item.contains("record"):
      return .bluesky
    case "posts"
    where item.contains("post") && (item.contains("community") || item.contains("creator")):
      return .lemmy
    case "items"
    where item.contains("media") && item.contains("link")
      && (item.contains("date_taken") || item.contains("author_id")):
      return .flickr
    default:
      return .json
    }
  }
}
