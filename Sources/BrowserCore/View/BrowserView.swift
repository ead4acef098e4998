import FeedModel
import PictureCells

/// Draws a whole screen from a `BrowserState`: the visible boxes, pull banners, the status line
/// and any panel.
///
/// Only the items the engine reports in the viewport are touched, so a frame costs the same for
/// a hundred items as for a million.
public struct BrowserView: Sendable {
  public var theme: Theme
  /// Sanitised labels of the boxes drawn lately: a scroll step sanitises only the boxes it
  /// brings in. Shared by copies of the view, which is safe: see `LabelCache`.
  private let labels = LabelCache()
  /// The keys in force, for the help panel.
  public var keys: KeyBindings
  /// The colours pictures are drawn in, which placeholders use too; nil for none, and then no
  /// placeholders.
  public var pictureColors: CellColorMode?
  /// Placeholders drawn lately: see `PlaceholderCache`.
  private let placeholders = PlaceholderCache()

  /// - Parameter pictureColors: the colours pictures are drawn in; nil for those the theme's
  ///   colour depth allows (none without colour).
  public init(
    theme: Theme, keys: KeyBindings = .standard,
    pictureColors: CellColorMode? = nil
  ) {
    self.theme = theme
    self.keys = keys
    self.pictureColors =
      pictureColors
      ?? {
        switch theme.colors {
        case .none: nil
        case .basic: .palette16
        case .palette: .palette256
        }
      }()
  }

  /// What box `index` shows, sanitised as it comes on screen.
  ///
  /// Built for the visible items rather than stored for every item: a million stored labels
  /// would cost more memory than the items themselves, and sanitising is bounded by the width
  /// kept (`DisplayText`), so a frame's cost stays that of the boxes in view.
  public func label(at index: Int, in state: BrowserState) -> BoxLabel? {
    guard index >= 0, index < state.items.count else { return nil }
    var label = labels.label(
      state.items[index], number: index + 1, make: BoxLabel.init(item:number:))
    label.isNew = state.isNew(item: index)
    return label
  }

  /// Draws a frame of `state`, with `pictures` (those of `state.picturesDrawn` that are drawn;
  /// the others show their placeholders).
  public func draw<C: Canvas>(
    _ state: BrowserState, pictures: DrawnPictures = .none, into canvas: inout C
  ) {
    canvas.clear()
    let viewRows = min(state.viewRows, canvas.size.rows)
    let shift = state.pull.shift
    let clip = max(0, shift)..<max(max(0, shift), viewRows + min(0, shift))
    let renderer = BoxRenderer(
      theme: theme, animationClock: state.animationsPlaying ? state.animationClock : nil,
      time: state.readerTime)
    var shown: [Int] = []
    for box in state.visibleBoxes() {
      let rect = box.rect
      let screenRow = rect.row - state.top + shift
      guard case .item(let i) = box.content else {
        if case .row(let row) = box.content {
          drawRow(row, rect: rect, screenRow: screenRow, clip: clip, into: &canvas)
        }
        continue
      }
      guard let label = label(at: i, in: state) else { continue }
      let selected = state.selection == i
      let style = theme.boxStyle(identity: state.items[i].identity, selected: selected)
      renderer.draw(
        rect, screenRow: screenRow, label: label,
        picture: picture(ofItem: i, in: rect, state, pictures),
        style: style, selected: selected, clip: clip, into: &canvas)
      if screenRow < clip.upperBound, screenRow + rect.height > clip.lowerBound {
        shown.append(i + 1)
      }
    }
    if let caption = state.caption, let s = state.selection, let label = label(at: s, in: state) {
      drawCaption(
        label, count: state.items.count, in: caption, time: state.readerTime, into: &canvas)
    }
    drawBanner(state, viewRows: viewRows, into: &canvas)
    if state.items.isEmpty, viewRows > 0 {
      var said = state.loading == nil ? "no items in this feed" : "loading…"
      // Every item removed with `d`: the feed still has them, and the key that brings them back
      // is the way on.
      if state.loading == nil, state.undoCount > 0 {
        said = "every item removed"
        if let undo = keys.hintKeys(for: [.undo], own: "u") { said += " · \(undo) brings one back" }
      }
      let empty = DisplayText(said)
      let x = max(0, (canvas.size.columns - empty.width) / 2)
      canvas.write(
        empty, row: viewRows / 2, column: x, maxWidth: canvas.size.columns - x,
        ellipsis: theme.ellipsis)
    }

    let range = StatusLine.shownRange(
      shown, itemCount: state.items.count, wraps: state.style == .ring)
    func status(_ message: String) -> String {
      StatusLine.text(
        itemCount: state.items.count, of: state.unfilteredCount, newCount: state.newCount,
        columns: state.columnCount,
        style: state.style, range: range, percent: state.percent, message: message,
        width: canvas.size.columns)
    }
    var message = state.message
    if state.loading != nil, let progress = state.loadProgress, progress.bytes > 0 {
      message += "  " + ProgressBar.text(progress, barWidth: 12, unicode: theme.isUnicode)
    }
    // Pictures on their way: how many of those asked for have come.
    if let progress = state.pictureProgress {
      message += (message.isEmpty ? "" : "  ") + "pictures \(progress.done) of \(progress.total)"
    }
    // A long query shows its end, where the typing is: the status line cuts its end off.
    let line = StatusLine(
      theme: theme, hint: keys.hintKeys(for: [.help], own: "?").map { $0 + " help" })
    let promptRoom =
      canvas.size.columns - status("").count - 2 - DisplayText(line.hint ?? "").width - 5
    line.draw(
      status(
        state.searchPrompt.map { "/" + tail(of: $0, width: promptRoom) }
          ?? state.prefix.display ?? message),
      tokens: status("").count,
      row: canvas.size.rows - 1, into: &canvas)

    var panels = PanelRenderer(theme: theme, keys: keys)
    panels.time = state.readerTime
    panels.animationClock = state.animationsPlaying ? state.animationClock : nil
    switch state.panel {
    case .none: break
    case .help: panels.drawHelp(from: state.helpScroll, into: &canvas)
    case .messages: panels.drawMessages(state.messages.entries, into: &canvas)
    case .feeds(let row): panels.drawFeeds(state.feedSummaries, chosen: row, into: &canvas)
    case .details(let i):
      if i < state.items.count, state.showsPostView(ofItem: i) {
        panels.canOpen = state.canOpen(item: i)
        let key = state.picturesShown ? state.fullScreenPictureKey(forItem: i) : nil
        panels.drawPost(
          state.postPage(ofItem: i, times: theme.times), layout: state.postLayout(ofItem: i),
          from: state.detailsScroll,
          picture: key.map { slot(for: $0, item: i, state, pictures) },
          canOpenLinks: state.postLinks(ofItem: i) > 0, into: &canvas)
      } else if let label = label(at: i, in: state) {
        panels.canOpen = state.canOpen(item: i)
        let key = state.picturesShown ? state.fullScreenPictureKey(forItem: i) : nil
        if let key, let area = PictureArea.fullScreen(canvas.size) {
          panels.drawFullScreen(
            item: state.items[i], label: label, count: state.items.count,
            picture: slot(for: key, item: i, state, pictures), area: area,
            facts: state.pictureFacts(ofItem: i), into: &canvas)
        }
      }
    }
  }

  /// The end of `text` that fits `width` cells, after the ellipsis when some is left out.
  func tail(of text: String, width: Int) -> String {
    guard DisplayText(text).width > width else { return text }
    let mark = theme.ellipsis
    var kept = ""
    var used = DisplayText(mark).width
    for character in text.reversed() {
      let cells = DisplayText(String(character)).width
      guard used + cells <= width else { break }
      kept.insert(character, at: kept.startIndex)
      used += cells
    }
    return mark + kept
  }

  /// What box `i` at `rect` shows of its picture.
  private func picture(
    ofItem i: Int, in rect: CellRect, _ state: BrowserState, _ pictures: DrawnPictures
  ) -> PictureSlot {
    guard state.picturesShown, let key = state.pictureKey(forItem: i, in: rect) else {
      return .none
    }
    return slot(for: key, item: i, state, pictures)
  }

  /// What item `i`'s picture at `key` shows: the picture once drawn, else the item's
  /// placeholder (while it loads, and under the marker when it failed).
  private func slot(
    for key: PictureKey, item i: Int, _ state: BrowserState, _ pictures: DrawnPictures
  ) -> PictureSlot {
    if state.hidesPicture(ofItem: i) {
      return .hidden(placeholder: placeholder(of: state.items[i], at: key))
    }
    switch state.pictures[key] {
    case .failed(let reason):
      return .failed(reason, placeholder: placeholder(of: state.items[i], at: key))
    case .ready, .requested, nil:
      if let picture = pictures[key] {
        guard picture.overlay != nil else { return .ready(picture) }
        return .pixels(picture, placeholder: placeholder(of: state.items[i], at: key))
      }
      return .loading(key, placeholder: placeholder(of: state.items[i], at: key))
    }
  }

  /// The placeholder `item`'s feed gave, drawn at the size of its picture at `key`.
  private func placeholder(of item: FeedItem, at key: PictureKey) -> SymbolPicture? {
    guard let colors = pictureColors, let placeholder = item.placeholder else { return nil }
    return placeholders.picture(
      placeholder, columns: key.columns, rows: key.rows, colors: colors,
      halfBlocks: theme.isUnicode)
  }

  /// A full-width row: the feed's name in bold, or a rule with the page number in its middle.
  private func drawRow<C: Canvas>(
    _ row: FullWidthRow, rect: CellRect, screenRow: Int, clip: Range<Int>, into canvas: inout C
  ) {
    guard clip.contains(screenRow), rect.width > 0 else { return }
    let text: DisplayText
    let style: CellAppearance
    switch row {
    case .header(let name):
      text = DisplayText(name, maximumWidth: 200)
      style = CellAppearance(foreground: theme.customColor(.banner) ?? .default, attributes: .bold)
    case .page(let n):
      text = DisplayText(" page \(n) ")
      style = CellAppearance(
        foreground: theme.customColor(.banner) ?? .default,
        attributes: theme.colors == .none ? [] : .dim)
      let rule = theme.border(selected: false).horizontal
      for c in rect.column..<rect.right {
        canvas.put(rule, width: 1, row: screenRow, column: c, style: style)
      }
    }
    let width = min(text.width, rect.width)
    let x = rect.column + (rect.width - width) / 2
    canvas.write(
      text, row: screenRow, column: x, maxWidth: rect.width, style: style,
      ellipsis: theme.ellipsis)
  }

  /// The selected item written out, centred, where the style leaves room for it.
  private func drawCaption<C: Canvas>(
    _ label: BoxLabel, count: Int, in rect: CellRect, time: ReaderTime, into canvas: inout C
  ) {
    // A text item's card has no picture size: its date and author instead.
    let lines = [
      (label.title, CellAppearance(attributes: .bold)),
      (label.card?.byline(time) ?? DisplayText(label.size(times: theme.times)), CellAppearance()),
      (DisplayText("#\(label.number) of \(count)"), CellAppearance()),
    ]
    for (k, (text, style)) in lines.prefix(rect.height).enumerated() {
      let width = min(text.width, rect.width)
      canvas.write(
        text, row: rect.row + k, column: rect.column + (rect.width - width) / 2,
        maxWidth: rect.width, style: style, ellipsis: theme.ellipsis)
    }
  }

  private func drawBanner<C: Canvas>(_ state: BrowserState, viewRows: Int, into canvas: inout C) {
    let text: String
    let row: Int
    switch state.pull.phase {
    case .idle: return
    case .pullingDown(let rows):
      text = theme.pullDownText
      row = rows - 1
    case .refreshing:
      text = theme.refreshingText
      row = 0
    case .pullingUp(let rows):
      text = theme.pullUpText
      row = viewRows - rows
    case .loadingMore:
      text = theme.loadingMoreText
      row = viewRows - 1
    case .endOfFeed:
      text = "end of feed"
      row = viewRows - 1
    }
    guard row >= 0, row < viewRows else { return }
    let banner = DisplayText(text)
    let x = max(0, (canvas.size.columns - banner.width) / 2)
    canvas.write(
      banner, row: row, column: x, maxWidth: canvas.size.columns - x, style: theme.bannerStyle,
      ellipsis: theme.ellipsis)
  }
}
