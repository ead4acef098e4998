import FeedModel

/// Draws the help and messages panels (a bordered panel in the middle of the screen), the
/// post view and the picture alone over the screen.
struct PanelRenderer {
  var theme: Theme
  /// The keys in force, which the help lists.
  var keys = KeyBindings.standard
  /// The moving pictures' clock while they play (see `BoxRenderer`).
  var animationClock: Int?
  /// Whether `o` opens the item shown (`BrowserState.canOpen(item:)`): its hint is left out
  /// when it does not.
  var canOpen = true
  /// The reader's clock: dates in their zone.
  var time = ReaderTime.utc

  /// The help, from its line `first` on when the window is too short for all of it. The
  /// keys' column is as wide as the widest keys in force, so rebound keys keep it aligned.
  func drawHelp<C: Canvas>(from first: Int = 0, into canvas: inout C) {
    let rows = keys.help.map { keys, what in (theme.isUnicode ? keys : asciiKeys(keys), what) }
    let keyWidth = max(17, (rows.map { DisplayText($0.0).width }.max() ?? 0) + 2)
    let lines = rows.map { keyText, what in
      let padded =
        keyText + String(repeating: " ", count: max(1, keyWidth - DisplayText(keyText).width))
      return DisplayText(padded + what)
    }
    drawPanel(
      title: "keys", lines: lines, footer: "any key closes", scrolledTo: first, into: &canvas)
  }

  /// The panels' hints, each naming the keys in force (`o opens the link` names the key
  /// that opens now); a hint whose actions lost every key is left out.
  func hints(_ list: [(own: String, actions: [Action], what: String)]) -> String {
    list.compactMap { hint in
      keys.hintKeys(for: hint.actions, own: hint.own).map { $0 + " " + hint.what }
    }.joined(separator: " · ")
  }

  /// The last messages, newest last, each wrapped to the panel so none is cut.
  func drawMessages<C: Canvas>(_ entries: [String], into canvas: inout C) {
    let width = max(10, min(96, canvas.size.columns - 4) - 4)
    var lines: [DisplayText] = []
    for entry in entries {
      lines += Self.wrapped(DisplayText(entry, maximumWidth: 2000), width: width)
    }
    if lines.isEmpty { lines = ["no messages yet"] }
    // The newest at the bottom; the oldest go first when they do not all fit.
    let room = max(1, canvas.size.rows - 1 - 2 - 2)
    lines = Array(lines.suffix(room))
    drawPanel(title: "messages", lines: lines, footer: "any key closes", into: &canvas)
  }

  /// The followed feeds, a line each: the chosen one marked, its name, how many of its items
  /// are new, when it was last read, and why it could not be read this time. The names'
  /// column is as wide as the widest name up to a third of the screen; an error is cut to the
  /// panel, its whole text being in the messages (`m`).
  func drawFeeds<C: Canvas>(_ feeds: [FeedSummary], chosen: Int, into canvas: inout C) {
    let width = max(20, min(96, canvas.size.columns - 4) - 4)
    let nameWidth = min(
      max(8, canvas.size.columns / 3), feeds.map { DisplayText($0.name).width }.max() ?? 0)
    let mark = theme.isUnicode ? "›" : ">"
    let lines = feeds.enumerated().map { index, feed in
      let cut = DisplayText(feed.name, maximumWidth: nameWidth).string
      let padding = String(repeating: " ", count: max(0, nameWidth - DisplayText(cut).width))
      let new = feed.newCount > 0 ? "\(feed.newCount) new" : ""
      let columns = [
        (index == chosen ? mark : " ") + " " + cut + padding,
        new + String(repeating: " ", count: max(0, 7 - new.count)), feed.lastRead,
      ]
      let error =
        feed.retryAt.map { "not asked before " + time.moment($0) }
        ?? feed.error
      let text = columns.joined(separator: "  ") + (error.map { "  " + $0 } ?? "")
      return DisplayText(text, maximumWidth: width)
    }
    let hint = DisplayText(
      hints([
        ("j k", [.scroll(1), .scroll(-1)], "choose"), ("Enter", [.details], "shows its items"),
        ("Esc", [.escape], "closes"),
      ]))
    let placement = BrowserState.feedsPanelPlacement(
      count: feeds.count, chosen: chosen, rows: canvas.size.rows)
    drawPanel(
      title: "feeds", lines: lines, footer: hint, scrolledTo: placement.first, into: &canvas)
  }

  /// `text` in lines of at most `width` cells (`DisplayText.wrapped(width:)`).
  static func wrapped(_ text: DisplayText, width: Int) -> [DisplayText] {
    text.wrapped(width: width)
  }

  /// The picture of an item over the whole screen, aspect kept, with its details under it:
  /// the title; the first line of its summary (a photo's caption), or why the picture did not
  /// come; the size, date, author, the file's format and size (`facts`, once read) and the
  /// position; the picture's address; the keys. The whole text is in the post (`Esc`).
  func drawFullScreen<C: Canvas>(
    item: FeedItem, label: BoxLabel, count: Int, picture: PictureSlot, area: CellRect,
    facts: PictureFacts? = nil, into canvas: inout C
  ) {
    let file = facts.map { "\($0.format) \(PictureFacts.byteText($0.bytes))" }
    let info =
      [
        label.size(times: theme.times), label.feed?.string, item.date.map(time.absolute),
        item.author, file,
      ]
      .compactMap { $0 } + ["#\(label.number) of \(count)"]
    let size = canvas.size
    canvas.fill(
      row: 0, column: 0, width: size.columns, height: max(0, size.rows - 1), style: .plain)
    BoxRenderer(theme: theme, animationClock: animationClock, time: time).drawPicture(
      picture, in: area, clip: 0..<max(0, size.rows - 1), into: &canvas)
    var lines: [(DisplayText, CellAppearance)] = [
      (label.title, CellAppearance(attributes: .bold)),
      (DisplayText(info.joined(separator: " · ")), .plain),
      (DisplayText(URLSecrets.masked(item.imageURL)), CellAppearance(attributes: .dim)),
      (
        DisplayText(
          hints(
            [("← →", [.select(.left), .select(.right)], "neighbours or pan")]
              + [("+ -", [.columns(.more), .columns(.fewer)], "zoom")]
              + (canOpen ? [("o", [.open], "opens the link")] : [])
              + [("Esc", [.escape], "back")])),
        CellAppearance(attributes: .dim)
      ),
    ]
    if case .failed(let reason, _) = picture {
      lines.insert((DisplayText("no picture: " + reason), .plain), at: 1)
    } else if let summary = item.summary {
      // One line, cut to the screen: the rows under the picture are fixed.
      lines.insert((DisplayText(summary, maximumWidth: size.columns + 2), .plain), at: 1)
    }
    let first = area.bottom
    for (k, (text, style)) in lines.prefix(PictureArea.detailRows).enumerated() {
      let row = first + k
      guard row < size.rows - 1 else { break }
      let width = min(text.width, size.columns - 2)
      canvas.write(
        text, row: row, column: max(1, (size.columns - width) / 2), maxWidth: size.columns - 2,
        style: style, ellipsis: theme.ellipsis)
    }
  }

  /// The last row of a panel or summary cut short: which lines show, and the keys that show
  /// the rest (`scroll`, a hint; empty when no key does).
  private func cutMark(shown: Range<Int>, of count: Int, scroll: String) -> DisplayText {
    DisplayText(
      "\(theme.ellipsis) lines \(shown.lowerBound + 1)-\(shown.upperBound) of \(count)"
        + (scroll.isEmpty ? "" : ": " + scroll))
  }

  private func asciiKeys(_ text: String) -> String {
    text.replacingOccurrences(["↓": "Dn", "↑": "Up", "←": "Lt", "→": "Rt", "…": ".."])
  }

  /// A panel of `lines`, then a blank line and `footer` when they fit too (the footer goes
  /// first on a short window); lines that do not fit are counted on its last row.
  private func drawPanel<C: Canvas>(
    title: String, lines: [DisplayText], footer: DisplayText? = nil, scrolledTo first: Int = 0,
    into canvas: inout C
  ) {
    let size = canvas.size
    var lines = lines
    if let footer, lines.count + 2 + 2 <= size.rows - 1 { lines += ["", footer] }
    let contentWidth = lines.map(\.width).max() ?? 0
    let width = min(size.columns, max(contentWidth + 4, title.count + 6))
    let height = min(max(0, size.rows - 1), lines.count + 2)
    guard width >= 4, height >= 3 else { return }
    let x = (size.columns - width) / 2
    let y = max(0, (size.rows - 1 - height) / 2)
    let style = theme.panelStyle
    let border = theme.border(selected: true)
    canvas.fill(row: y, column: x, width: width, height: height, style: style)
    canvas.put(border.topLeft, width: 1, row: y, column: x, style: style)
    canvas.put(border.topRight, width: 1, row: y, column: x + width - 1, style: style)
    canvas.put(border.bottomLeft, width: 1, row: y + height - 1, column: x, style: style)
    canvas.put(
      border.bottomRight, width: 1, row: y + height - 1, column: x + width - 1, style: style)
    for c in (x + 1)..<(x + width - 1) {
      canvas.put(border.horizontal, width: 1, row: y, column: c, style: style)
      canvas.put(border.horizontal, width: 1, row: y + height - 1, column: c, style: style)
    }
    for r in (y + 1)..<(y + height - 1) {
      canvas.put(border.vertical, width: 1, row: r, column: x, style: style)
      canvas.put(border.vertical, width: 1, row: r, column: x + width - 1, style: style)
    }
    canvas.write(
      DisplayText(" \(title) "), row: y, column: x + 2, maxWidth: width - 4,
      style: CellAppearance(attributes: .bold), ellipsis: theme.ellipsis)
    let room = height - 2
    if lines.count > room, room > 0 {
      // Cut short, the panel says which lines it shows on its last row, and how to see the
      // rest, rather than ending as if complete.
      let shown = max(1, room - 1)
      let start = min(max(0, first), max(0, lines.count - shown))
      let end = min(lines.count, start + shown)
      let scroll = keys.hintKeys(for: [.scroll(1), .scroll(-1)], own: "j k").map { $0 + " scroll" }
      lines =
        Array(lines[start..<end]) + [
          cutMark(shown: start..<end, of: lines.count, scroll: scroll ?? "")
        ]
    }
    for (i, line) in lines.prefix(room).enumerated() {
      canvas.write(
        line, row: y + 1 + i, column: x + 2, maxWidth: width - 4, style: style,
        ellipsis: theme.ellipsis)
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(_ table: [Character: String]) -> String {
    var out = ""
    for c in self { out += table[c] ?? String(c) }
    return out
  }
}
