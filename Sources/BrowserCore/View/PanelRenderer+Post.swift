/// The post view (`BrowserState+Post`): the picture in its area, the post's lines from the one
/// scrolled to in the text's area, and the keys with the position on the text's last row.
extension PanelRenderer {
  /// `text` cut into runs at the edges of `emphasis` (ranges of its scalars), each with
  /// whether it is emphasised.
  static func segments(_ text: String, _ emphasis: [Range<Int>]) -> [(String, Bool)] {
    let scalars = Array(text.unicodeScalars)
    var cuts = Set([0, scalars.count])
    for run in emphasis {
      cuts.insert(min(max(0, run.lowerBound), scalars.count))
      cuts.insert(min(max(0, run.upperBound), scalars.count))
    }
    let edges = cuts.sorted()
    return zip(edges, edges.dropFirst()).compactMap { start, end in
      guard start < end else { return nil }
      let piece = String(String.UnicodeScalarView(scalars[start..<end]))
      return (piece, emphasis.contains { $0.contains(start) })
    }
  }

  func drawPost<C: Canvas>(
    _ page: PostPage, layout: PostLayout, from first: Int, picture: PictureSlot?,
    canOpenLinks: Bool, into canvas: inout C
  ) {
    let size = canvas.size
    canvas.fill(
      row: 0, column: 0, width: size.columns, height: max(0, size.rows - 1), style: .plain)
    if let area = layout.picture, let picture {
      BoxRenderer(theme: theme, animationClock: animationClock, time: time).drawPicture(
        picture, in: area, clip: 0..<max(0, size.rows - 1), into: &canvas)
    }
    let text = layout.text
    let room = layout.textRows
    let start = min(max(0, first), max(0, page.lines.count - room))
    for (k, line) in page.lines.dropFirst(start).prefix(room).enumerated() {
      let style: CellAppearance =
        switch line.style {
        case .title: CellAppearance(attributes: .bold)
        case .heading: CellAppearance(attributes: [.bold, .underline])
        case .dim: CellAppearance(attributes: .dim)
        case .plain: .plain
        }
      guard !line.emphasis.isEmpty else {
        canvas.write(
          line.text, row: text.row + k, column: text.column, maxWidth: text.width, style: style,
          ellipsis: theme.ellipsis)
        continue
      }
      var bold = style
      bold.attributes.insert(.bold)
      var x = text.column
      for (segment, emphasised) in Self.segments(line.text.string, line.emphasis) {
        let room = text.column + text.width - x
        guard room > 0 else { break }
        x += canvas.write(
          DisplayText(segment), row: text.row + k, column: x, maxWidth: room,
          style: emphasised ? bold : style, ellipsis: theme.ellipsis)
      }
    }
    let shown =
      page.lines.count > room
      ? "\(start + 1)–\(min(page.lines.count, start + room)) of \(page.lines.count)  " : ""
    let keysLine = DisplayText(
      shown
        + hints(
          [
            ("j k", [.scroll(1), .scroll(-1)], "scroll"),
            ("← →", [.select(.left), .select(.right)], "posts"),
          ]
            + (layout.picture != nil ? [("Enter", [.details], "picture")] : [])
            + (canOpenLinks
              ? [("o 1", [.open], "opens link 1")]
              : canOpen ? [("o", [.open], "opens the link")] : [])
            + [("Esc", [.escape], "closes")]))
    canvas.write(
      keysLine, row: text.row + text.height - 1, column: text.column, maxWidth: text.width,
      style: CellAppearance(attributes: .dim), ellipsis: theme.ellipsis)
  }
}
