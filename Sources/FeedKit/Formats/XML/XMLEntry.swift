import FeedModel

/// One RSS `item` or Atom `entry` as it is read, before it becomes an item or is skipped.
///
/// Its picture is the best candidate by kind — a Media RSS `media:content` that is a picture
/// (in a `media:group` too), then a `media:thumbnail` (unless it is declared tiny and another
/// is there), then an RSS `enclosure` or Atom `link rel="enclosure"` that is a picture
/// (`isPicture`), then the first `<img>` of the entry's text — and within a kind the first
/// given.
struct XMLEntry {
  enum Kind: Int, Comparable {
    case mediaContent, thumbnail, enclosure, inline

    static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
  }

  struct Candidate {
    var kind: Kind
    var url: String
    var width: Double?
    var height: Double?
  }

  var title: String?
  var link: String?
  var id: String?
  var candidates: [Candidate] = []

  mutating func offer(_ candidate: Candidate) {
    guard !candidate.url.isEmpty else { return }
    candidates.append(candidate)
  }

  /// The item, or why there is none.
  func item() -> Result<FeedItem, ItemFields.SkipReason> {
    guard var best = candidates.min(by: { $0.kind < $1.kind }) else {
      return .failure(
        .init(
          text:
            "no picture (media:content, media:thumbnail, an image enclosure or an <img> in its text)"
        ))
    }
    // A thumbnail declared tiny (Blogger gives every post a 72 × 72 one) loses to an enclosure
    // or the picture in the entry's text: drawn in a box it would be a blur.
    if best.kind == .thumbnail, let width = best.width, let height = best.height,
      max(width, height) <= Self.tinyThumbnail,
      let larger = candidates.filter({ $0.kind != .thumbnail }).min(by: { $0.kind < $1.kind })
    {
      best = larger
    }
    return .success(
      ShapedItem.make(
        url: best.url, width: best.width, height: best.height, title: title, id: id, link: link))
  }

  /// The longest side of a thumbnail too small to stand for the picture when the text has one.
  static let tinyThumbnail = 150.0

  /// Whether a `media:content`, an RSS `enclosure` or an Atom enclosure link is a picture:
  /// `medium="image"`, an image `type`, or neither given (or given empty, as feeds that fill a
  /// template do) and a URL whose path ends like a picture's name.
  static func isPicture(medium: String?, type: String?, url: String) -> Bool {
    if let medium, !medium.isEmpty { return medium.lowercased() == "image" }
    if let type, !type.isEmpty { return ShapedItem.isImageType(type) }
    return PictureName.matches(url: url)
  }
}
