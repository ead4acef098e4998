/// Plain text from the HTML that feeds put where text belongs: an Atom `type="html"` title, an
/// RSS title (RSS never says, and HTML tools fill it with markup and double escaping), Reddit's
/// titles and URLs (HTML escaped in its JSON). One reader for all of them, so that a title
/// reads the same whichever format brought it.
///
/// Text from a feed is untrusted: nothing here interprets the markup beyond dropping it, a
/// reference to an invalid code point becomes U+FFFD, and what is not a well-formed tag or
/// reference stays as it was written.
enum HTMLText {
  /// `html` as a line of text: tags and comments dropped (a tag that breaks a line, such as
  /// `<br>` or `<p>`, as a space), then references decoded, then runs of white space folded
  /// into one space and the ends trimmed. Decoding comes after dropping the tags, so that an
  /// escaped tag (`&lt;b&gt;`) is shown as the text its author wrote.
  ///
  /// With `knownTagsOnly`, only tags of HTML's own elements written in lower case are markup
  /// (`<b>`, `</a>`, `<br/>`) and comments: for text that is not declared HTML, such as an RSS
  /// title, where `Vec<T>` or `Option<u8>` is a programmer's title, not a tag.
  static func plain(_ html: String, knownTagsOnly: Bool = false) -> String {
    folded(decodingReferences(droppingTags(html, knownTagsOnly: knownTagsOnly)))
  }

  /// `text` with its character references decoded: the names in `HTMLEntities`, decimal
  /// (`&#39;`) and hexadecimal (`&#x2019;`). An unknown name or a reference without its `;`
  /// stays as written.
  static func decodingReferences(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "&", let (scalar, end) = reference(in: scalars, at: index) {
        result.append(scalar)
        index = end
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }

  /// `text` with each run of white space (ASCII, and line and paragraph separators) as one
  /// space, and none at the ends. A no-break space is kept: its author chose it.
  static func folded(_ text: String) -> String {
    // Built as UTF-8 bytes: appended scalar by scalar to a `String.UnicodeScalarView`, every
    // title and summary of a feed cost several times as much.
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if isFoldedSpace(scalar) {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(UInt8(ascii: " ")) }
        pendingSpace = false
        if scalar.isASCII {
          result.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
          result.append(contentsOf: scalar.utf8)
        }
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static func isFoldedSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// The scalar a reference starting at `start` (an `&`) stands for, and the index after its
  /// `;`; nil when there is no well-formed reference there.
  private static func reference(
    in scalars: [Unicode.Scalar], at start: Int
  ) -> (Unicode.Scalar, Int)? {
    let limit = min(scalars.count, start + 2 + max(HTMLEntities.longestName, 8))
    guard let semicolon = scalars[start + 1..<limit].firstIndex(of: ";"),
      semicolon > start + 1
    else { return nil }
    let body = String(String.UnicodeScalarView(scalars[start + 1..<semicolon]))
    guard body.hasPrefix("#") else {
      guard let value = HTMLEntities.codePoint(named: body), let scalar = Unicode.Scalar(value)
      else { return nil }
      return (scalar, semicolon + 1)
    }
    let digits = body.dropFirst()
    let hex = digits.first == "x" || digits.first == "X"
    let number = hex ? digits.dropFirst() : digits
    // Digits only: `UInt32` would also read a sign (`&#+65;`), which is no reference.
    guard number.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }),
      let value = UInt32(number, radix: hex ? 16 : 10)
    else { return nil }
    return (characterScalar(value), semicolon + 1)
  }

  /// The scalar a numeric reference gives, as HTML reads it: U+FFFD for NUL, a surrogate or
  /// past U+10FFFF, and for 0x80–0x9F the Windows-1252 character (`&#146;` is the ’ that old
  /// tools wrote), where the code point itself would be an invisible control character.
  static func characterScalar(_ value: UInt32) -> Unicode.Scalar {
    if let windows = windows1252[value], let scalar = Unicode.Scalar(windows) { return scalar }
    guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
    return scalar
  }

  /// HTML's table for numeric references to 0x80–0x9F (the five that Windows-1252 leaves
  /// undefined keep their code points).
  private static let windows1252: [UInt32: UInt32] = [
    0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
    0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152,
    0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
    0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
    0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
  ]

  /// Elements that end a line where they open or close: dropped as a space, not as nothing,
  /// so that `One<br>Two` does not read `OneTwo`.
  private static let breakingElements: Set<String> = [
    "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
    "hr", "blockquote", "pre", "table", "dd", "dt",
  ]

  /// HTML's elements that turn up in text: the breaking ones and those that mark a run of it.
  private static let knownElements: Set<String> = breakingElements.union([
    "a", "abbr", "b", "big", "cite", "code", "del", "em", "font", "i", "img", "ins", "kbd",
    "mark", "q", "s", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "wbr",
  ])

  /// `html` without its tags and comments. A tag is `<` then a letter, `/`, `!` or `?`, up to
  /// the next `>`; any other `<` (`I <3 cats`, `1 < 2`), and a tag never closed, is text.
  private static func droppingTags(_ html: String, knownTagsOnly: Bool) -> String {
    guard html.utf8.contains(UInt8(ascii: "<")) else { return html }
    let scalars = Array(html.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "<", index + 1 < scalars.count, startsTag(scalars[index + 1]),
        let end = tagEnd(in: scalars, at: index)
      else {
        result.append(scalars[index])
        index += 1
        continue
      }
      let written = String(
        String.UnicodeScalarView(
          scalars[index + 1..<end].drop { $0 == "/" }.prefix {
            $0.properties.isAlphabetic
              || ("0"..."9").contains($0)
          }))
      let name = written.lowercased()
      let isComment = scalars[index + 1] == "!"
      if knownTagsOnly, !isComment, written != name || !knownElements.contains(name) {
        result.append(scalars[index])
        index += 1
        continue
      }
      if breakingElements.contains(name) { result.append(" ") }
      index = end + 1
    }
    return String(result)
  }

  private static func startsTag(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "/" || scalar == "!" || scalar == "?"
      || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// The index of the `>` that closes the tag or comment at `start`, or nil.
  private static func tagEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
    let comment: [Unicode.Scalar] = ["<", "!", "-", "-"]
    guard scalars[start...].starts(with: comment) else {
      return scalars[(start + 1)...].firstIndex(of: ">")
    }
    var index = start + comment.count
    while index + 2 < scalars.count {
      if scalars[index] == "-", scalars[index + 1] == "-", scalars[index + 2] == ">" {
        return index + 2
      }
      index += 1
    }
    return nil
  }
}
