import FeedModel

/// A post as lines of text for the post view: the title, the facts a reader of mail or news
/// expects at the top (feed, author, date, link), the whole text wrapped to the text's width
/// (quotes with a `│ ` margin, list items with their markers, preformatted lines as they are),
/// the links by number, then the picture's facts. The state scrolls by these lines and the
/// view draws them, so neither goes past what the other has.
struct PostPage {
  enum Style: Hashable { case title, heading, plain, dim }

  struct Line: Hashable {
    var text: DisplayText
    var style: Style
    /// The runs drawn in bold, as ranges of the line's Unicode scalars.
    var emphasis: [Range<Int>] = []
  }

  var lines: [Line] = []

  /// The most cells of one line kept before wrapping: a paragraph of a whole post is long,
  /// but a megabyte on one line is no paragraph.
  static let paragraphCells = 200_000

  /// - Parameters:
  ///   - post: the post's whole text when it was read, else nil (the summary is shown).
  ///   - facts: the picture's decoded and file facts, when read.
  init(
    item: FeedItem, number: Int, count: Int, feed: String?, post: PostText?,
    facts: PictureFacts?, failure: String?, time: ReaderTime, pictureSize: String, times: String,
    width: Int
  ) {
    let width = max(1, width)
    add(DisplayText(item.title ?? "#\(number)", maximumWidth: 2_000), .title, width: width)
    if let feed, !feed.isEmpty { add(DisplayText("feed:  " + feed), .dim, width: width) }
    if let author = item.author { add(DisplayText("by:    " + author), .dim, width: width) }
    if let date = item.date {
      add(DisplayText("date:  " + time.absolute(date)), .dim, width: width)
    }
    add(
      DisplayText("link:  " + (item.link.map(URLSecrets.masked) ?? "none")), .dim, width: width)
    blank()
    let text = post ?? item.summary.map(PostText.init(plain:)) ?? PostText()
    var previous: PostText.Kind?
    for block in text.blocks {
      let isItem: Bool
      if case .item = block.kind { isItem = true } else { isItem = false }
      if let previous, !(isItem && Self.isItem(previous)) { blank() }
      add(block, width: width)
      previous = block.kind
    }
    if text.cut {
      blank()
      add(
        DisplayText("(cut: the post is longer than \(PostText.maximumBytes >> 20) MB)"), .dim,
        width: width)
    }
    if !text.links.isEmpty {
      blank()
      add(DisplayText("links (o and the number opens one):"), .dim, width: width)
      for (k, link) in text.links.enumerated() {
        add(DisplayText("[\(k + 1)] " + URLSecrets.masked(link)), .plain, width: width)
      }
    }
    blank()
    if item.hasPicture {
      add(DisplayText("image: " + URLSecrets.masked(item.imageURL)), .dim, width: width)
      add(DisplayText("size:  " + pictureSize), .dim, width: width)
      if let facts { add(DisplayText("file:  " + facts.text(times: times)), .dim, width: width) }
      if let failure { add(DisplayText("no picture: " + failure), .dim, width: width) }
    }
    add(DisplayText("item:  \(number) of \(count)"), .dim, width: width)
    add(DisplayText("id:    " + (item.id ?? "none")), .dim, width: width)
  }

  /// Where `line` first stands in `part` from `start`: a wrapped line is the paragraph's
  /// text from where the last ended, after the spaces the wrap dropped.
  private static func find(_ line: String, in part: Substring, from start: Substring.Index)
    -> Range<Substring.Index>?
  {
    var index = start
    while index < part.endIndex {
      if part[index...].hasPrefix(line) {
        return
          index..<(part.index(index, offsetBy: line.count, limitedBy: part.endIndex)
          ?? part.endIndex)
      }
      index = part.index(after: index)
    }
    return nil
  }

  private static func isItem(_ kind: PostText.Kind) -> Bool {
    if case .item = kind { return true }
    return false
  }

  private mutating func blank() {
    if let last = lines.last, last.text.width > 0 { lines.append(Line(text: "", style: .plain)) }
  }

  private mutating func add(_ text: DisplayText, _ style: Style, width: Int) {
    for line in text.wrapped(width: width) { lines.append(Line(text: line, style: style)) }
    if text.width == 0 { lines.append(Line(text: "", style: style)) }
  }

  private mutating func add(_ block: PostText.Block, width: Int) {
    let margin = String(repeating: "│ ", count: min(block.quoteDepth, 8))
    let indent = String(repeating: "  ", count: min(block.listDepth, 8))
    var first = margin + indent
    var rest = margin + indent
    var style = Style.plain
    switch block.kind {
    case .item(let marker):
      first += marker + " "
      rest += String(repeating: " ", count: marker.count + 1)
    case .heading: style = .heading
    case .picture: style = .dim
    case .rule:
      lines.append(
        Line(text: DisplayText(margin + String(repeating: "─", count: min(width, 40))), style: .dim)
      )
      return
    case .paragraph, .preformatted: break
    }
    let room = max(1, width - DisplayText(first).width)
    var lead = first
    var partOffset = 0
    for part in block.text.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = DisplayText(String(part), maximumWidth: Self.paragraphCells)
      let wrapped: [DisplayText] =
        block.kind == .preformatted
        ? [text.fitted(to: room, ellipsis: "…")] : text.wrapped(width: room)
      var cursor = part.startIndex
      for line in wrapped.isEmpty ? [DisplayText("")] : wrapped {
        var runs: [Range<Int>] = []
        // The line's place in the block, found where the last line ended, carries the block's
        // emphasis over to the line.
        if !block.emphasis.isEmpty, !line.string.isEmpty,
          let found = Self.find(line.string, in: part, from: cursor)
        {
          let start =
            partOffset + part.unicodeScalars.distance(from: part.startIndex, to: found.lowerBound)
          let end = start + line.string.unicodeScalars.count
          let shift = lead.unicodeScalars.count - start
          runs = block.emphasis.compactMap { run in
            let kept = run.clamped(to: start..<end)
            return kept.isEmpty ? nil : (kept.lowerBound + shift)..<(kept.upperBound + shift)
          }
          cursor = found.upperBound
        }
        lines.append(Line(text: DisplayText(lead + line.string), style: style, emphasis: runs))
        lead = rest
      }
      partOffset += part.unicodeScalars.count + 1
    }
  }
}
