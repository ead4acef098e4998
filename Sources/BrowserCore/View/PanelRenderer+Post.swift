/// The post view (`BrowserState+Post`): the picture in its area, the post's lines from the one
/// scrolled to in the text's area, and the keys with the position on the text's last row.
extension PanelRenderer {
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
      canvas.write(
        line.text, row: text.row + k, column: text.column, maxWidth: text.width, style: style,
        ellipsis: theme.ellipsis)
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
