/// The first picture in an HTML fragment: a feed that puts its pictures only in the entry's
/// text (a blog's RSS `description` or `content:encoded`, an Atom `content`) as `<img>` tags.
///
/// Only `<img>` tags are looked at, and only their `src`, `width` and `height`; everything else
/// in the markup is passed over. An image without a web or relative address (`data:`) is not
/// a picture Cascade fetches, and one declared 1 × 1 (or smaller) is a tracking pixel.
enum HTMLImages {
  struct Image: Equatable {
    var url: String
    var width: Double?
    var height: Double?
  }

  static func first(in html: String) -> Image? {
    let scalars = Array(html.unicodeScalars)
    var index = 0
    while let start = nextTag(in: scalars, from: index) {
      let (attributes, end) = self.attributes(in: scalars, from: start)
      index = end
      guard let src = attributes["src"].map(HTMLText.decodingReferences)?.trimmingASCIIWhitespace(),
        !src.isEmpty, !src.lowercased().hasPrefix("data:")
      else { continue }
      let width = attributes["width"].flatMap { ItemFields.decimalValue(of: $0) }
      let height = attributes["height"].flatMap { ItemFields.decimalValue(of: $0) }
      if let width, let height, width <= 1 || height <= 1 { continue }
      return Image(url: src, width: width, height: height)
    }
    return nil
  }

  /// The index just past the next `<img` (any case) that starts a tag, from `index` on.
  private static func nextTag(in scalars: [Unicode.Scalar], from index: Int) -> Int? {
    var i = index
    while i + 4 < scalars.count {
      if scalars[i] == "<", lower(scalars[i + 1]) == "i", lower(scalars[i + 2]) == "m",
        lower(scalars[i + 3]) == "g", isSpace(scalars[i + 4]) || scalars[i + 4] == "/"
      {
        return i + 4
      }
      i += 1
    }
    return nil
  }

  /// The tag's attributes (names in lower case, the first of a name kept) and the index past
  /// its `>` (or the end).
  private static func attributes(in scalars: [Unicode.Scalar], from index: Int) -> (
    [String: String], Int
  ) {
    var found: [String: String] = [:]
    var i = index
    while i < scalars.count {
      while i < scalars.count, isSpace(scalars[i]) || scalars[i] == "/" { i += 1 }
      guard i < scalars.count, scalars[i] != ">" else { return (found, i + 1) }
      var name = String.UnicodeScalarView()
      while i < scalars.count, !isSpace(scalars[i]), !"=>/".unicodeScalars.contains(scalars[i]) {
        name.append(lower(scalars[i]))
        i += 1
      }
      while i < scalars.count, isSpace(scalars[i]) { i += 1 }
      var value = String.UnicodeScalarView()
      if i < scalars.count, scalars[i] == "=" {
        i += 1
        while i < scalars.count, isSpace(scalars[i]) { i += 1 }
        if i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" {
          let quote = scalars[i]
          i += 1
          while i < scalars.count, scalars[i] != quote {
            value.append(scalars[i])
            i += 1
          }
          i += 1
        } else {
          while i < scalars.count, !isSpace(scalars[i]), scalars[i] != ">" {
            value.append(scalars[i])
            i += 1
          }
        }
      }
      let key = String(name)
      if !key.isEmpty, found[key] == nil { found[key] = String(value) }
      if name.isEmpty { i += 1 }
    }
    return (found, i)
  }

  private static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value + 32)) : scalar
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
  }
}
