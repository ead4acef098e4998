import FeedModel

/// A post's HTML (RSS `content:encoded`, Atom `content`, JSON Feed's `content_html`,
/// Mastodon's `content`) read into a `PostText`: paragraphs, line breaks, lists, quotes,
/// preformatted text, headings, pictures as `[picture N]` lines, and links numbered `[N]`
/// after their text.
///
/// Text from a feed is untrusted: markup is only read for its shape (scripts and styles are
/// dropped whole), control characters, escape sequences and invisible formatting characters are
/// dropped from the text, and only `http(s)` links with none of `LinkCharacters`' hidden
/// characters are numbered, so what an opener is handed is a plain web address.
package enum PostMarkup {
  /// The post of `html`; relative links and pictures are taken against `base` (the item's
  /// link). HTML past `PostText.maximumBytes` is not read, and the post says it was cut.
  package static func post(html: String, base: String? = nil) -> PostText {
    var reader = Reader(base: base)
    var scalars = Array(html.unicodeScalars)
    var cut = false
    if html.utf8.count > PostText.maximumBytes {
      var bytes = 0
      var end = 0
      while end < scalars.count, bytes + scalars[end].utf8Length <= PostText.maximumBytes {
        bytes += scalars[end].utf8Length
        end += 1
      }
      scalars.removeSubrange(end...)
      cut = true
    }
    reader.read(scalars)
    var post = reader.finished()
    post.cut = cut
    return post
  }

  private struct Reader {
    let base: String?
    var blocks: [PostText.Block] = []
    var links: [String] = []
    var text = String.UnicodeScalarView()
    var pendingSpace = false
    var kind = PostText.Kind.paragraph
    var quoteDepth = 0
    var lists: [(ordered: Bool, count: Int)] = []
    var preDepth = 0
    var href: String?
    /// Where each emphasis open now began (scalar offsets in `text`), and the runs closed.
    var emphasisOpen: [Int] = []
    var emphasis: [Range<Int>] = []

    init(base: String?) { self.base = base }

    mutating func read(_ scalars: [Unicode.Scalar]) {
      var i = 0
      var run = String.UnicodeScalarView()
      while i < scalars.count {
        let s = scalars[i]
        guard s == "<", i + 1 < scalars.count, Self.startsTag(scalars[i + 1]) else {
          run.append(s)
          i += 1
          continue
        }
        appendText(String(run))
        run = String.UnicodeScalarView()
        if scalars[i + 1] == "!" || scalars[i + 1] == "?" {
          i = Self.skipComment(scalars, from: i)
          continue
        }
        let closing = scalars[i + 1] == "/"
        var j = i + (closing ? 2 : 1)
        var name = ""
        while j < scalars.count,
          scalars[j].properties.isAlphabetic || ("0"..."9").contains(scalars[j])
        {
          name.unicodeScalars.append(scalars[j])
          j += 1
        }
        name = name.lowercased()
        let (attributes, end) = HTMLTags.attributes(in: scalars, from: j)
        i = end
        if !closing, name == "script" || name == "style" {
          i = Self.skip(to: name, in: scalars, from: i)
          continue
        }
        tag(name, closing: closing, attributes: attributes)
      }
      appendText(String(run))
    }

    /// Text between tags: references decoded, white space folded (kept in preformatted text),
    /// what a terminal would act on dropped.
    mutating func appendText(_ raw: String) {
      guard !raw.isEmpty else { return }
      let decoded = HTMLText.decodingReferences(raw)
      for scalar in decoded.unicodeScalars {
        if preDepth > 0 {
          if scalar == "\n" || scalar == "\t" {
            text.append(scalar == "\t" ? " " : "\n")
          } else if Self.isShown(scalar) {
            text.append(scalar)
          }
          continue
        }
        if Self.isSpace(scalar) {
          pendingSpace = !text.isEmpty && text.last != "\n"
          continue
        }
        guard Self.isShown(scalar) else { continue }
        if pendingSpace { text.append(" ") }
        pendingSpace = false
        text.append(scalar)
      }
    }

    mutating func tag(_ name: String, closing: Bool, attributes: [String: String]) {
      switch name {
      case "br":
        if !text.isEmpty { text.append("\n") }
        pendingSpace = false
      case "p", "div", "section", "article", "header", "footer", "figure", "figcaption",
        "table", "tr", "dl", "dt", "dd", "main", "aside", "nav", "details", "summary":
        flush()
      case "h1", "h2", "h3", "h4", "h5", "h6":
        flush()
        kind = closing ? .paragraph : .heading
      case "blockquote":
        flush()
        quoteDepth = max(0, quoteDepth + (closing ? -1 : 1))
      case "ul", "ol":
        flush()
        if closing {
          if !lists.isEmpty { lists.removeLast() }
        } else {
          lists.append((name == "ol", 0))
        }
      case "li":
        flush()
        guard !closing else { return }
        if lists.isEmpty { lists.append((false, 0)) }
        lists[lists.count - 1].count += 1
        let list = lists[lists.count - 1]
        kind = .item(list.ordered ? "\(list.count)." : "•")
      case "pre":
        flush()
        preDepth = max(0, preDepth + (closing ? -1 : 1))
        kind = preDepth > 0 ? .preformatted : .paragraph
      case "hr":
        flush()
        blocks.append(block(.rule, ""))
      case "img":
        guard !closing else { return }
        let source = attributes["src"].flatMap(resolved)
        let alt = HTMLText.folded(HTMLText.decodingReferences(attributes["alt"] ?? ""))
          .unicodeScalars.filter(Self.isShown)
        flush()
        let label = source.map { "[picture \(number(of: $0))]" } ?? "[picture]"
        let described =
          alt.isEmpty ? label : label + " " + String(String.UnicodeScalarView(alt.prefix(200)))
        blocks.append(block(.picture, described))
      case "b", "strong", "em", "i", "code", "mark":
        if closing {
          guard let start = emphasisOpen.popLast() else { return }
          let end = text.count
          // Only the outermost run is kept: nested ones are inside it.
          if emphasisOpen.isEmpty, end > start { emphasis.append(start..<end) }
        } else {
          // A space folded before the emphasis belongs to the text before it.
          if pendingSpace, !text.isEmpty {
            text.append(" ")
            pendingSpace = false
          }
          emphasisOpen.append(text.count)
        }
      case "a":
        if closing {
          if let href, let link = resolved(href) {
            text.append(contentsOf: "[\(number(of: link))]".unicodeScalars)
          }
          href = nil
        } else {
          href = attributes["href"]
        }
      default:
        return
      }
    }

    /// The link's number: the one it had if it came before.
    mutating func number(of link: String) -> Int {
      if let index = links.firstIndex(of: link) { return index + 1 }
      links.append(link)
      return links.count
    }

    func block(_ kind: PostText.Kind, _ text: String, emphasis: [Range<Int>] = [])
      -> PostText.Block
    {
      PostText.Block(
        kind: kind, text: text, quoteDepth: quoteDepth, listDepth: max(0, lists.count - 1),
        emphasis: emphasis)
    }

    /// Ends the block being read, if it holds any text.
    mutating func flush() {
      // An emphasis still open goes on in the next block.
      if let start = emphasisOpen.first, text.count > start { emphasis.append(start..<text.count) }
      emphasisOpen = emphasisOpen.map { _ in 0 }
      var kept = String(text)
      while kept.last == "\n" || kept.last == " " { kept.removeLast() }
      if !kept.isEmpty {
        let length = kept.unicodeScalars.count
        let runs = emphasis.compactMap { run -> Range<Int>? in
          let clamped = run.clamped(to: 0..<length)
          return clamped.isEmpty ? nil : clamped
        }
        blocks.append(block(kind, kept, emphasis: runs))
      }
      emphasis = []
      text = String.UnicodeScalarView()
      pendingSpace = false
      if case .item = kind { kind = .paragraph } else if kind != .heading { kind = .paragraph }
      if preDepth > 0 { kind = .preformatted }
    }

    mutating func finished() -> PostText {
      flush()
      return PostText(blocks: blocks, links: links)
    }

    /// An absolute `http(s)` address for `link`, taken against the base; nil for another
    /// scheme or a link that holds a hidden character.
    func resolved(_ link: String) -> String? {
      let trimmed = HTMLText.decodingReferences(link).trimmingWhitespace()
      guard !trimmed.isEmpty, trimmed.utf8.count <= 4096, !LinkCharacters.hidesAny(trimmed),
        !trimmed.contains(" ")
      else { return nil }
      let lower = trimmed.lowercased()
      if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return trimmed }
      guard let base, let schemeEnd = base.firstRange(of: "://") else { return nil }
      let lowerBase = base.lowercased()
      guard lowerBase.hasPrefix("http://") || lowerBase.hasPrefix("https://") else { return nil }
      let scheme = base[..<schemeEnd.lowerBound]
      if trimmed.hasPrefix("//") { return scheme + ":" + trimmed }
      let afterScheme = base[schemeEnd.upperBound...]
      let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      let origin = scheme + "://" + host
      if trimmed.hasPrefix("/") { return origin + trimmed }
      // `javascript:`, `mailto:` and any other scheme: a colon before the first slash.
      if let colon = trimmed.firstIndex(of: ":"),
        colon < (trimmed.firstIndex(of: "/") ?? trimmed.endIndex)
      {
        return nil
      }
      let path = afterScheme.dropFirst(host.count).prefix { $0 != "?" && $0 != "#" }
      let directory = path.lastIndex(of: "/").map { path[...$0] } ?? "/"
      return origin + directory + trimmed
    }

    static func startsTag(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "/" || scalar == "!" || scalar == "?" || ("a"..."z").contains(scalar)
        || ("A"..."Z").contains(scalar)
    }

    /// The index past a comment (`<!-- … -->`) or declaration (`<!…>`, `<?…>`) at `start`.
    static func skipComment(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
      let comment: [Unicode.Scalar] = ["<", "!", "-", "-"]
      if scalars[start...].starts(with: comment) {
        var i = start + 4
        while i + 2 < scalars.count {
          if scalars[i] == "-", scalars[i + 1] == "-", scalars[i + 2] == ">" { return i + 3 }
          i += 1
        }
        return scalars.count
      }
      return (scalars[start...].firstIndex(of: ">") ?? scalars.count - 1) + 1
    }

    /// The index past `</name>` from `start` (any case), or the end.
    static func skip(to name: String, in scalars: [Unicode.Scalar], from start: Int) -> Int {
      let closing = Array(("</" + name).unicodeScalars)
      var i = start
      while i + closing.count <= scalars.count {
        if zip(scalars[i..<(i + closing.count)], closing).allSatisfy({
          $0.properties.lowercaseMapping == String($1)
        }) {
          return (scalars[i...].firstIndex(of: ">") ?? scalars.count - 1) + 1
        }
        i += 1
      }
      return scalars.count
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x09...0x0D, 0x20, 0x85, 0x2028, 0x2029: true
      default: false
      }
    }

    /// Text a reader sees: not a control, not an invisible formatting character, not a
    /// surrogate or non-character. (ESC is a control: an escape sequence loses its ESC and
    /// shows as harmless text.)
    static func isShown(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.properties.generalCategory {
      case .control, .format, .surrogate, .lineSeparator, .paragraphSeparator: false
      default: !scalar.properties.isNoncharacterCodePoint
      }
    }
  }
}

extension Unicode.Scalar {
  fileprivate var utf8Length: Int { String(self).utf8.count }
}
