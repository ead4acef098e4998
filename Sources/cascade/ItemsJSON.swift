import FeedKit
import FeedModel

/// One item as a line of JSON, what `cascade items` writes (JSON Lines, for `jq`):
///
///     {"feed": "photos.json", "id": "42", "title": "Dunes", "link": "https://…",
///      "date": "2024-05-01T14:03:00Z", "author": "Ana", "summary": "…",
///      "pictures": [{"url": "https://…/dunes.jpg", "width": 1200, "height": 800,
///      "type": "image/jpeg"}]}
///
/// on one line. A field the feed does not give is `null`; a text item's `pictures` is empty.
/// Text from a feed is untrusted: control and invisible formatting characters are written as
/// `\u` escapes, so the line stays one line and nothing in it reaches a terminal as a control
/// sequence; the secrets of URLs in it are masked unless asked for.
struct ItemsJSON {
  /// Whether passwords and tokens in URLs are written as they are (`--show-secrets`).
  var showSecrets = false

  /// The line of `item` (without its newline), read from `source`, which `feed` names.
  func line(_ item: FeedItem, feed: String, source: FeedSource) -> String {
    var fields: [(String, String)] = [
      ("feed", text(feed)),
      ("id", optional(item.id)),
      ("title", optional(item.title)),
      ("link", optional(item.link.map(address))),
      ("date", item.date.flatMap(Self.isoDate).map(JSONText.quoted) ?? "null"),
      ("author", optional(item.author)),
      ("summary", optional(item.summary)),
    ]
    var pictures: [String] = []
    if item.hasPicture {
      let url = Self.resolved(item.imageURL, in: source)
      let size =
        item.hasSize
        ? (Self.integer(item.width), Self.integer(item.height)) : ("null", "null")
      pictures.append(
        "{\"url\": \(JSONText.quoted(address(url))), \"width\": \(size.0), \"height\": \(size.1), "
          + "\"type\": \(Self.mediaType(of: url).map(JSONText.quoted) ?? "null")}")
    }
    fields.append(("pictures", "[" + pictures.joined(separator: ", ") + "]"))
    return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A URL as it is written: masked unless secrets are shown.
  private func address(_ url: String) -> String {
    showSecrets ? url : URLSecrets.masked(url)
  }

  /// Text that may quote a URL (a title, a summary), as a JSON string.
  private func text(_ text: String) -> String {
    JSONText.quoted(showSecrets ? text : URLSecrets.masking(in: text))
  }

  private func optional(_ value: String?) -> String {
    value.map(text) ?? "null"
  }

  /// The picture's address as a script can fetch it: an http(s) URL, or for a feed of this
  /// machine the path, absolute; as the feed wrote it when the feed may not name it (a web
  /// feed's `file:` link) or it is one of the sample feed's own pictures.
  static func resolved(_ imageURL: String, in source: FeedSource) -> String {
    switch try? source.pictureLocation(of: imageURL) {
    case .web(let url)?: url
    case .file(let path)?: FeedLoader.absolutePath(path)
    case .embedded?, nil: imageURL
    }
  }

  /// `2024-05-01 14:03`, the form every date a feed gives is read into (UTC), as ISO 8601
  /// (`2024-05-01T14:03:00Z`); nil for a date the feed wrote in no form Cascade reads, which
  /// a script could not compare anyway.
  static func isoDate(_ date: String) -> String? {
    let bytes = Array(date.utf8)
    guard bytes.count == 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":")
    else { return nil }
    for i in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15]
    where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
      return nil
    }
    return String(date.prefix(10)) + "T" + String(date.suffix(5)) + ":00Z"
  }

  /// The media type the picture's name says (`image/jpeg` for `.jpg`), nil when it says none:
  /// a script can choose without fetching it, and a name without an extension promises none.
  static func mediaType(of url: String) -> String? {
    let path = url.split(whereSeparator: { $0 == "?" || $0 == "#" }).first ?? ""
    guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: ".") else {
      return nil
    }
    switch name[name.index(after: dot)...].lowercased() {
    case "jpg", "jpeg", "jpe", "jfif": return "image/jpeg"
    case "png": return "image/png"
    case "gif": return "image/gif"
    case "webp": return "image/webp"
    case "avif": return "image/avif"
    case "heic", "heif": return "image/heif"
    case "jxl": return "image/jxl"
    case "svg": return "image/svg+xml"
    case "bmp": return "image/bmp"
    case "tif", "tiff": return "image/tiff"
    default: return nil
    }
  }

  /// A whole number of pixels (sizes are at most 1,000,000) without a fraction.
  private static func integer(_ value: Double) -> String {
    String(Int(value.rounded()))
  }
}
