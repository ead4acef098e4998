/// The tags of one name in HTML, with their attributes, read the lenient way browsers read
/// them: any case, quoted or bare values, comments passed over; everything else in the markup
/// is ignored. Serves the pictures in a post (`HTMLImages`) and a web page's feed links
/// (`WebPage`).
enum HTMLTags {
  /// The first `<name …>` tag outside comments for which `pick` gives a value, and that value;
  /// `pick` is given the tag's attributes (names in lower case, the first of a name kept).
  static func first<Value>(
    _ name: String, in html: String, where pick: ([String: String]) -> Value?
  ) -> Value? {
    let scalars = Array(html.unicodeScalars)
    let name = Array(name.lowercased().unicodeScalars)
    var index = 0
    while let start = nextTag(name, in: scalars, from: index) {
      let (attributes, end) = self.attributes(in: scalars, from: start)
      index = end
      if let value = pick(attributes) { return value }
    }
    return nil
  }

  /// The index just past the next `<name` (any case) that starts a tag outside a comment, from
  /// `index` on.
  private static func nextTag(
    _ name: [Unicode.Scalar], in scalars: [Unicode.Scalar], from index: Int
  ) -> Int? {
    var i = index
    while i + name.count + 1 < scalars.count {
      if scalars[i] == "<", scalars[i + 1] == "!", i + 3 < scalars.count, scalars[i + 2] == "-",
        scalars[i + 3] == "-"
      {
        // A comment: passed over to its end (or the end of the text).
        i += 4
        while i + 2 < scalars.count,
          !(scalars[i] == "-" && scalars[i + 1] == "-" && scalars[i + 2] == ">")
        {
          i += 1
        }
        i += 3
        continue
      }
      if scalars[i] == "<",
        name.indices.allSatisfy({ lower(scalars[i + 1 + $0]) == name[$0] }),
        isSpace(scalars[i + 1 + name.count]) || scalars[i + 1 + name.count] == "/"
      {
        return i + 1 + name.count
      }
      i += 1
    }
    return nil
  }

  /// The tag's attributes (names in lower case, the first of a name kept) and the index past
  /// its `>` (or the end).
  static func attributes(in scalars: [Unicode.Scalar], from index: Int) -> (
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
