/// The first picture in an HTML fragment: a feed that puts its pictures only in the entry's
/// text (a blog's RSS `description` or `content:encoded`, an Atom `content`) as `<img>` tags.
///
/// Only `<img>` tags outside comments are looked at, and only their address, `width` and
/// `height`; everything else in the markup is passed over. The address is `src`, else a lazy
/// loader's `data-src` (or `data-lazy-src`, `data-original`), else the first of `srcset` (or
/// lazysizes' `data-srcset`): a blog that loads its pictures lazily puts a `data:` placeholder
/// in `src`. Only a web address (`http:`, `https:`, `//host/…`) or a relative one is a picture
/// Cascade fetches (not `data:`, `javascript:` or `file:`). Not the post's picture, so passed
/// over for the next `<img>`: one declared 1 × 1 (or smaller, `1px` too), a tracking pixel;
/// an emoji drawn as a picture or the author's avatar (WordPress's `wp-smiley`/`emoji` and
/// `avatar` classes, Gravatar's and WordPress's emoji addresses), which come before the photo
/// in many posts.
enum HTMLImages {
  struct Image: Equatable {
    var url: String
    var width: Double?
    var height: Double?

    init(url: String, width: Double? = nil, height: Double? = nil) {
      (self.url, self.width, self.height) = (url, width, height)
    }
  }

  static func first(in html: String) -> Image? {
    HTMLTags.first("img", in: html, where: image)
  }

  /// The picture of one `<img>` with `attributes` (names in lower case), as read from markup
  /// or from an element the XML parser gave; nil when it has no address Cascade fetches or is
  /// a tracking pixel.
  static func image(_ attributes: [String: String]) -> Image? {
    let candidates =
      ["src", "data-src", "data-lazy-src", "data-original"].compactMap { attributes[$0] }
      + ["srcset", "data-srcset"].compactMap { attributes[$0].flatMap(firstOfSourceSet) }
    guard
      let src = candidates.lazy.map({
        HTMLText.decodingReferences($0).trimmingASCIIWhitespace()
      }).first(where: isFetchable),
      !isDecoration(src, classes: attributes["class"] ?? "")
    else { return nil }
    let width = attributes["width"].flatMap(pixels)
    let height = attributes["height"].flatMap(pixels)
    if let width, let height, width <= 1 || height <= 1 { return nil }
    return Image(url: src, width: width, height: height)
  }

  /// A declared size in pixels: a number, or a number and `px` (`1px`); nil for anything else
  /// (`100%`, `auto`).
  private static func pixels(_ text: String) -> Double? {
    var number = text.trimmingASCIIWhitespace()
    if number.lowercased().hasSuffix("px") { number.removeLast(2) }
    return ItemFields.decimalValue(of: number)
  }

  /// Whether the `<img>` is an emoji or an avatar rather than the post's picture.
  private static func isDecoration(_ url: String, classes: String) -> Bool {
    let decorative: Set = ["emoji", "wp-smiley", "avatar", "gravatar", "wp-emoji"]
    if classes.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      .contains(where: { decorative.contains(String($0)) })
    {
      return true
    }
    let lowered = url.lowercased()
    return lowered.contains("gravatar.com/avatar/") || lowered.contains("/images/core/emoji/")
  }

  /// Whether `url` is an address Cascade fetches: on the web, or relative to the feed.
  private static func isFetchable(_ url: String) -> Bool {
    guard !url.isEmpty else { return false }
    let lowered = url.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || url.hasPrefix("//") {
      return true
    }
    // A scheme is letters, digits, `+`, `-` or `.` before a `:` that comes before any `/`.
    guard let colon = url.firstIndex(of: ":") else { return true }
    let head = url[..<colon]
    return head.contains("/")
      || !head.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// The first address of a `srcset` (`a.jpg 320w, b.jpg 640w`), read as HTML reads it: an
  /// address runs to white space, so it may hold commas (a CDN's `w_300,h_200/a.png`); commas
  /// before it are separators, and after it only when nothing follows.
  private static func firstOfSourceSet(_ set: String) -> String? {
    let start = set.drop { $0 == "," || $0.isWhitespace }
    var address = start.prefix { !$0.isWhitespace }
    while address.last == "," { address.removeLast() }
    return address.isEmpty ? nil : String(address)
  }
}
