import LayoutEngine

/// Columns, styles and sizes: laying the items out again while keeping the reader's place.
extension BrowserState {
  mutating func changeColumns(_ change: ColumnChange) {
    let fit = maximumColumnsThatFit
    let wanted: Int
    switch change {
    case .more: wanted = columnCount + 1
    case .fewer: wanted = columnCount - 1
    case .exactly(let n): wanted = n
    }
    if wanted < 1 {
      message = "at least 1 column"
      return
    }
    if wanted > fit {
      message = "at most \(counted(fit, "column")) \(fit == 1 ? "fits" : "fit")"
      guard columnCount != fit else { return }
    }
    requestedColumns = min(wanted, fit)
    relayout(keepingPlace: true)
  }

  /// Shows the items in `style`, keeping the selected item (or the one that kept the reader's
  /// place) where it was on screen, as far as the new style allows.
  mutating func switchStyle(to style: LayoutStyle) {
    let place = anchor()
    let kept = selection ?? place?.index
    arrangement = Self.arrangement(for: style)
    top = 0
    relayout(keepingPlace: false)
    if let kept, kept < items.count, !arrangement.scrollsVertically {
      select(kept)
    } else {
      restore(place)
    }
    message = "\(style.rawValue) style"
  }

  /// The terminal changed size: lay out again for the new width, keeping the reader's place.
  mutating func resize(to size: CanvasSize) -> [Effect] {
    guard size != screen else { return [] }
    let place = anchor() ?? placeWhileHidden
    screen = size
    relayout(keepingPlace: false)
    restore(place.map(inView))
    placeWhileHidden = visibleBoxes().isEmpty ? place : nil
    keepSelectionInView()
    return prefetchIfNeeded()
  }

  /// The selected box's place on a screen that may have shrunk: at its row when it still fits
  /// below it, else as far down as it fits whole, else at the top. Kept at a row below the
  /// view's end it was out of view, and the selection went to another box.
  private func inView(_ place: (index: Int, screenRow: Int)) -> (index: Int, screenRow: Int) {
    guard place.index == selection, let rect = cellRect(of: place.index) else { return place }
    let lowest = max(0, viewRows - min(rect.height, viewRows))
    return (place.index, min(max(0, place.screenRow), lowest))
  }

  /// The name the header shows: the feed's own, else the one the command line gave. As the
  /// feed wrote it: the view sanitises it when it draws the header.
  public var feedName: String? {
    feedTitle.flatMap { $0.isEmpty ? nil : $0 } ?? options.feedName
  }

  /// The items and the full-width rows between them: the header, and a row before every
  /// loaded page that still has items.
  var styleFeed: ArrangedFeed {
    var rows: [(before: Int, row: FullWidthRow)] = []
    if options.separators {
      if let name = feedName, !items.isEmpty { rows.append((0, .header(name))) }
      for (k, start) in pageStarts.enumerated() {
        let end = k + 1 < pageStarts.count ? pageStarts[k + 1] : items.count
        if start < end { rows.append((start, .page(k + 2))) }
      }
    }
    return ArrangedFeed(items: items, rows: rows)
  }

  /// What box `index` shows, sanitised as it comes on screen.
  ///
  /// Built for the visible items rather than stored for every item: a million stored labels
  /// would cost more memory than the items themselves, and sanitising is bounded by the width
  /// kept (`DisplayText`), so a frame's cost stays that of the boxes in view. The last few

  /// The most columns for which every box is at least one cell wide.
  public var maximumColumnsThatFit: Int {
    let margin = Double(ColumnArrangement.margin(forWidth: screen.columns))
    let room = Double(screen.columns) - 2 * margin
    return max(1, min(Self.maximumColumns, Int(((room + 1) / 2).rounded(.down))))
  }

  var context: ArrangementContext {
    ArrangementContext(
      screen: screen, geometry: geometry, columnCount: columnCount, options: options)
  }

  mutating func relayout(keepingPlace: Bool, itemsChanged: Bool = false) {
    let place = keepingPlace ? anchor() : nil
    let automatic = max(1, min(8, screen.columns / 24))
    let margin = Double(ColumnArrangement.margin(forWidth: screen.columns))
    let fitting = options.columnWidth.map { width in
      LayoutConfiguration.columnCount(
        fitting: width, containerWidth: Double(screen.columns), columnSpacing: 1,
        insets: EdgeInsets(top: 0, left: margin, bottom: 0, right: margin))
    }
    columnCount = max(1, min(requestedColumns ?? fitting ?? automatic, maximumColumnsThatFit))
    arrangement.layOut(styleFeed, in: context, itemsChanged: itemsChanged)
    if let failure = (arrangement as? ColumnArrangement)?.failure { message = failure }
    syncFocus()
    restore(place)
  }

  /// The carousel and the ring always have a selected item, the one in their focus.
  mutating func syncFocus() {
    guard !arrangement.scrollsVertically else { return }
    guard !items.isEmpty else {
      selection = nil
      return
    }
    let s = min(selection ?? arrangement.focus ?? 0, items.count - 1)
    selection = s
    arrangement.focus(on: s)
  }

  /// The item that keeps the reader's place, and its row on screen: the selected item if it is
  /// in view, else the first box that starts in view.
  func anchor() -> (index: Int, screenRow: Int)? {
    // A plain loop: Swift 6.3.1's optimiser (CopyPropagation) crashes on the compactMap form of
    // this in release builds ("Found ownership error").
    var visible: [(Int, CellRect)] = []
    for box in visibleBoxes() {
      if case .item(let i) = box.content { visible.append((i, box.rect)) }
    }
    if let s = selection, let rect = visible.first(where: { $0.0 == s })?.1 {
      return (s, rect.row - top)
    }
    // The first box that starts in view, else the one that reaches furthest down into it.
    let best = visible.min { a, b in
      func key(_ r: CellRect) -> (Int, Int, Int) {
        let starts = r.row >= top
        return (starts ? 0 : 1, starts ? r.row : -r.row, r.column)
      }
      return key(a.1) < key(b.1)
    }
    return best.map { ($0.0, $0.1.row - top) }
  }

  mutating func restore(_ place: (index: Int, screenRow: Int)?) {
    if let place, let rect = cellRect(of: place.index) {
      top = rect.row - place.screenRow
    }
    clampTop()
  }

  mutating func clampTop() {
    top = max(0, min(top, maxTop))
  }
}
