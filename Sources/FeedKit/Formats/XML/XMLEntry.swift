import FeedModel
import FoundationEssentials

/// One RSS `item` or Atom `entry` as it is read, before it becomes an item or is skipped.
///
/// Its picture is the best candidate by kind — a Media RSS `media:content` that is a picture
/// (in a `media:group` too), then a `media:thumbnail` (unless it is declared tiny and another
/// is there), then an RSS `enclosure` or Atom `link rel="enclosure"` that is a picture
/// (`isPicture`), then the first `<img>` of the entry's text, then a podcast episode's art
/// (`itunes:image`) — and within a kind the first given. An entry with no picture is a text
/// item (`FeedItem.text`) unless only pictures are kept (`LoadOptions.picturesOnly`).
struct XMLEntry {
  enum Kind: Int, Comparable {
    case mediaContent, thumbnail, enclosure, inline, podcastArt

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
  /// RSS `pubDate`, Atom `published`, Dublin Core `date`; Atom `updated` when none is given.
  var date: String?
  var updated: String?
  /// RSS `author` (`mail@example.com (Name)`), Dublin Core `creator`, Atom `author/name`.
  var author: String?
  /// RSS `description`, Atom `summary`, as the entry wrote them (HTML or text), and RSS
  /// `content:encoded` and Atom `content`, for an entry that gives no summary.
  var summary: (text: String, isHTML: Bool)?
  var content: (text: String, isHTML: Bool)?
  var candidates: [Candidate] = []

  mutating func offer(_ candidate: Candidate) {
    guard !candidate.url.isEmpty else { return }
    candidates.append(candidate)
  }

  /// What the entry says about itself: its date, author and summary, cleaned.
  var about: ItemAbout {
    let body = summary ?? content
    return AboutText.about(
      date: date ?? updated, author: author.map(Self.authorName),
      summary: body?.isHTML == false ? body?.text : nil,
      summaryHTML: body?.isHTML == true ? body?.text : nil)
  }

  /// The post's whole HTML, for the post view: the content (`content:encoded`, Atom
  /// `content`), else the summary; nil when neither is HTML.
  var postHTML: String? {
    if let content, content.isHTML { return content.text }
    return summary?.isHTML == true ? summary?.text : nil
  }

  /// The name in RSS's `mail@example.com (Name)`; the whole text otherwise.
  static func authorName(_ text: String) -> String {
    guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close,
      text[..<open].contains("@")
    else { return text }
    let name = text[text.index(after: open)..<close].trimmingWhitespace()
    return name.isEmpty ? text : name
  }

  /// The item, or why there is none: with no picture, a text item when text items are kept
  /// and the entry has a title or a summary.
  /// - Parameter picturesOnlySetBy: when only pictures are kept, how the reader set that, for
  ///   the reason a text entry gives; nil when text items are kept. The reason names what is
  ///   missing: an entry was blamed for "no picture" when pictures were not asked for.
  func item(picturesOnlySetBy: String? = nil) -> Result<FeedItem, ItemFields.SkipReason> {
    guard var best = candidates.min(by: { $0.kind < $1.kind }) else {
      let about = about
      let hasText = title != nil || about.summary != nil
      if picturesOnlySetBy == nil, hasText {
        return .success(.text(title: title, id: id, link: link, about: about))
      }
      if let setBy = picturesOnlySetBy {
        return .failure(
          .init(
            text: "no picture (media:content, media:thumbnail, an image enclosure or an <img> in "
              + "its text), and only pictures are kept (\(setBy))"))
      }
      return .failure(.init(text: "nothing to show: no title, no text and no picture"))
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
        url: best.url, width: best.width, height: best.height, title: title, id: id, link: link,
        about: about))
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
