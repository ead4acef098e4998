import PictureCells

/// Draws one box: the border, then as many of title, pixel size and item number as fit; or,
/// for a text item, its card: title, summary, and the byline and number in the caption row.
struct BoxRenderer {
  var theme: Theme
  /// The clock of moving pictures while they play (`BrowserState.animationClock`); nil while
  /// they are paused or off, and then they show their first frame with a mark that they move.
  var animationClock: Int?
  /// The reader's clock, for the dates on cards.
  var time = ReaderTime.utc

  /// Draws `box` at screen row `screenRow` (its top), showing only rows in `clip`. The inside is
  /// not blanked: the frame starts from a cleared canvas and boxes never overlap.
  func draw<C: Canvas>(
    _ box: CellRect, screenRow: Int, label: BoxLabel, picture: PictureSlot = .none,
    style: CellAppearance, selected: Bool, clip: Range<Int>, into canvas: inout C
  ) {
    let (w, h) = (box.width, box.height)
    let x = box.column
    guard w > 0, h > 0 else { return }
    func visible(_ row: Int) -> Bool { clip.contains(row) }

    if w < 2 || h < 2 {
      // Too small for a border: a solid bar, with the number on it if it fits.
      let glyph = theme.solid(selected: selected)
      for r in screenRow..<(screenRow + h) where visible(r) {
        for c in x..<(x + w) { canvas.put(glyph, width: 1, row: r, column: c, style: style) }
      }
      let number = DisplayText("\(label.number)")
      let mid = screenRow + h / 2
      if w >= number.width + 2, visible(mid) {
        canvas.write(
          number, row: mid, column: x + (w - number.width) / 2, maxWidth: number.width,
          style: style)
      }
      return
    }

    let border = theme.border(selected: selected)
    let bottom = screenRow + h - 1
    if visible(screenRow) {
      horizontalEdge(
        row: screenRow, x: x, width: w, left: border.topLeft, right: border.topRight,
        edge: border.horizontal, style: style, into: &canvas)
      // Of several feeds, the item's own on the top edge, as a window's title: the edge is
      // the one row no picture or text uses. Only where a few letters of it fit.
      var edgeColumn = x + 2
      if label.isNew, h > 2, w >= 10 {
        // A space between it and the feed's name, not the edge's line.
        canvas.write(
          label.feed == nil ? "new" : "new ", row: screenRow, column: edgeColumn, maxWidth: w - 4,
          style: CellAppearance(attributes: .bold), ellipsis: theme.ellipsis)
        edgeColumn += 4
      }
      if let feed = label.feed, h > 2, w >= 10 + edgeColumn - x - 2 {
        canvas.write(
          feed, row: screenRow, column: edgeColumn, maxWidth: w - 2 - (edgeColumn - x),
          style: style, ellipsis: theme.ellipsis)
      }
    }
    if visible(bottom) {
      horizontalEdge(
        row: bottom, x: x, width: w, left: border.bottomLeft, right: border.bottomRight,
        edge: border.horizontal, style: style, into: &canvas)
    }
    if h > 2 {
      for r in (screenRow + 1)..<bottom where visible(r) {
        canvas.put(border.vertical, width: 1, row: r, column: x, style: style)
        canvas.put(border.vertical, width: 1, row: r, column: x + w - 1, style: style)
      }
    }

    // The text: inside the border, with a space of padding when the box is wide enough.
    let pad = w >= 8 ? 1 : 0
    let textX = x + 1 + pad
    let textWidth = w - 2 - 2 * pad
    guard textWidth > 0 else { return }
    let titleStyle =
      selected
      ? CellAppearance(attributes: [.bold, .reverse])
      : CellAppearance(foreground: theme.titleColor(border: style.foreground), attributes: .bold)
    let detailStyle = CellAppearance(attributes: theme.colors == .none ? [] : .dim)
    let onScreen = CellRect(row: screenRow, column: x, width: w, height: h)
    if let card = label.card, h >= 3 {
      drawCard(
        card, label: label, top: screenRow, height: h, textX: textX, textWidth: textWidth,
        styles: (titleStyle, detailStyle), clip: clip, into: &canvas)
      return
    }
    if case .none = picture {
    } else if let area = PictureArea.inside(box: onScreen) {
      drawPicture(picture, in: area, clip: clip, into: &canvas)
      let caption = screenRow + h - 2
      guard visible(caption) else { return }
      // A moving picture shown still (paused, or moving pictures off) says so by its number.
      let mark = picture.movesStill(playing: animationClock != nil) ? theme.movingMark : ""
      let number = DisplayText(mark + "#\(label.number)")
      let room = textWidth - number.width - 1
      if room >= 4 {
        canvas.write(
          label.title, row: caption, column: textX, maxWidth: room, style: titleStyle,
          ellipsis: theme.ellipsis)
        canvas.write(
          number, row: caption, column: textX + textWidth - number.width,
          maxWidth: number.width, style: detailStyle)
      } else {
        canvas.write(
          label.title, row: caption, column: textX, maxWidth: textWidth, style: titleStyle,
          ellipsis: theme.ellipsis)
      }
      return
    }
    if h == 2 {
      // No room inside: the title goes on the top edge.
      if visible(screenRow) {
        canvas.write(
          label.title, row: screenRow, column: textX, maxWidth: textWidth, style: titleStyle,
          ellipsis: theme.ellipsis)
      }
      return
    }
    let lines: [(DisplayText, CellAppearance)] = [
      (label.title, titleStyle),
      (DisplayText(label.size(times: theme.times)), detailStyle),
      (DisplayText("#\(label.number)"), detailStyle),
    ]
    for (i, (text, lineStyle)) in lines.prefix(h - 2).enumerated() {
      let r = screenRow + 1 + i
      guard visible(r) else { continue }
      canvas.write(
        text, row: r, column: textX, maxWidth: textWidth, style: lineStyle,
        ellipsis: theme.ellipsis)
    }
  }

  /// A text item's card inside its border: the title's lines in bold, the summary's under them,
  /// and the caption row with the byline (dim) and the number. A card too short for any of its
  /// text above the caption shows its title in the caption row.
  private func drawCard<C: Canvas>(
    _ card: CardLabel, label: BoxLabel, top: Int, height h: Int, textX: Int, textWidth: Int,
    styles: (title: CellAppearance, detail: CellAppearance), clip: Range<Int>,
    into canvas: inout C
  ) {
    let caption = top + h - 2
    let room = h - 3
    let lines = card.lines(title: label.title, width: textWidth, rows: room)
    let styled =
      lines.title.map { ($0, styles.title) } + lines.summary.map { ($0, CellAppearance.plain) }
    for (k, (text, style)) in styled.enumerated() where clip.contains(top + 1 + k) {
      canvas.write(
        text, row: top + 1 + k, column: textX, maxWidth: textWidth, style: style,
        ellipsis: theme.ellipsis)
    }
    guard clip.contains(caption) else { return }
    let number = DisplayText("#\(label.number)")
    let byline = room == 0 ? label.title : card.byline(time)
    let bylineStyle = room == 0 ? styles.title : styles.detail
    let left = textWidth - number.width - 1
    if left >= 4 {
      canvas.write(
        byline, row: caption, column: textX, maxWidth: left, style: bylineStyle,
        ellipsis: theme.ellipsis)
      canvas.write(
        number, row: caption, column: textX + textWidth - number.width, maxWidth: number.width,
        style: styles.detail)
    } else {
      canvas.write(
        byline, row: caption, column: textX, maxWidth: textWidth, style: bylineStyle,
        ellipsis: theme.ellipsis)
    }
  }

  /// A word in the middle of a picture's area, dim: why there is no picture there.
  private func drawMarker<C: Canvas>(
    _ text: String, in area: CellRect, clip: Range<Int>, into canvas: inout C
  ) {
    let marker = DisplayText(text)
    let row = area.row + area.height / 2
    guard clip.contains(row), area.width >= marker.width else { return }
    canvas.write(
      marker, row: row, column: area.column + (area.width - marker.width) / 2,
      maxWidth: area.width, style: CellAppearance(attributes: .dim))
  }

  /// The picture centred in `area` (screen rows), or what stands for it.
  func drawPicture<C: Canvas>(
    _ picture: PictureSlot, in area: CellRect, clip: Range<Int>, into canvas: inout C
  ) {
    switch picture {
    case .none: return
    case .loading(_, let placeholder?):
      drawPicture(.ready(placeholder), in: area, clip: clip, into: &canvas)
    case .loading(_, nil):
      let dots = DisplayText(theme.ellipsis)
      let row = area.row + area.height / 2
      guard clip.contains(row), area.width >= dots.width else { return }
      canvas.write(
        dots, row: row, column: area.column + (area.width - dots.width) / 2,
        maxWidth: area.width, style: CellAppearance(attributes: .dim))
    case .hidden(let placeholder):
      if let placeholder { drawPicture(.ready(placeholder), in: area, clip: clip, into: &canvas) }
      drawMarker(area.width >= 11 ? "sensitive" : "!", in: area, clip: clip, into: &canvas)
    case .failed(_, let placeholder):
      if let placeholder { drawPicture(.ready(placeholder), in: area, clip: clip, into: &canvas) }
      drawMarker(area.width >= 12 ? "no picture" : "×", in: area, clip: clip, into: &canvas)
    case .pixels(let cells, let placeholder):
      let placed = Self.centred(cells, in: area)
      // A picture only partly in view shows the rows that are: the canvas cuts its pixels.
      let top = max(placed.row, clip.lowerBound)
      let bottom = min(placed.bottom, clip.upperBound)
      if let overlay = cells.overlay, top < bottom {
        // A moving picture the terminal shows a frame at a time (sixel, full screen).
        var frame = 0
        if let animation = cells.animation, let clock = animationClock {
          let shown = animation.frame(at: clock)
          frame = shown.index
          if let next = shown.next { canvas.noteAnimation(nextFrameIn: next) }
        }
        canvas.placeOverlay(
          overlay,
          in: CellRect(row: top, column: placed.column, width: placed.width, height: bottom - top),
          skippingRows: top - placed.row, frame: frame)
      } else if let placeholder {
        drawPicture(.ready(placeholder), in: area, clip: clip, into: &canvas)
      }
    case .ready(let cells):
      if cells.overlay != nil {
        drawPicture(.pixels(cells, placeholder: nil), in: area, clip: clip, into: &canvas)
        return
      }
      let placed = Self.centred(cells, in: area)
      let (columns, rows, left, top) = (placed.width, placed.height, placed.column, placed.row)
      if let placeholder = cells.placeholder {
        drawPlaceholder(
          placeholder, columns: columns, rows: rows, at: (top, left), clip: clip, into: &canvas)
        return
      }
      var frame = cells.cells
      if let animation = cells.animation, let clock = animationClock {
        let (index, next) = animation.frame(at: clock)
        frame = animation.frames[index]
        if let next, rows > 0, top < clip.upperBound, top + rows > clip.lowerBound {
          canvas.noteAnimation(nextFrameIn: next)
        }
      }
      for r in 0..<rows where clip.contains(top + r) {
        let start = r * cells.columns
        canvas.putPictureRow(frame[start..<(start + columns)], row: top + r, column: left)
      }
    }
  }

  /// Where `picture` goes in `area`: centred, cut to it.
  private static func centred(_ picture: SymbolPicture, in area: CellRect) -> CellRect {
    let columns = min(picture.columns, area.width)
    let rows = min(picture.rows, area.height)
    return CellRect(
      row: area.row + (area.height - rows) / 2, column: area.column + (area.width - columns) / 2,
      width: columns, height: rows)
  }

  /// A picture the terminal holds: placeholder cells that name it, row by row.
  private func drawPlaceholder<C: Canvas>(
    _ placeholder: KittyPlaceholder, columns: Int, rows: Int, at origin: (row: Int, column: Int),
    clip: Range<Int>, into canvas: inout C
  ) {
    guard columns > 0 else { return }
    let style = CellAppearance(foreground: Color(placeholder.foreground))
    let bare = placeholder.cluster(row: 0, column: 1)
    for r in 0..<min(rows, KittyPlaceholder.maximumRows) where clip.contains(origin.row + r) {
      let first = placeholder.cluster(row: r, column: 0)
      canvas.put(first[...], width: 1, row: origin.row + r, column: origin.column, style: style)
      for c in 1..<max(1, columns) {
        canvas.put(
          bare[...], width: 1, row: origin.row + r, column: origin.column + c, style: style)
      }
    }
  }

  private func horizontalEdge<C: Canvas>(
    row: Int, x: Int, width: Int, left: Substring, right: Substring, edge: Substring,
    style: CellAppearance, into canvas: inout C
  ) {
    canvas.put(left, width: 1, row: row, column: x, style: style)
    if width > 2 {
      for c in (x + 1)..<(x + width - 1) {
        canvas.put(edge, width: 1, row: row, column: c, style: style)
      }
    }
    canvas.put(right, width: 1, row: row, column: x + width - 1, style: style)
  }
}
