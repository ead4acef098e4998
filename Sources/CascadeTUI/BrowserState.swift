import FeedKit
import LayoutEngine

/// The options of the browser that the command line sets.
public struct BrowserOptions: Hashable, Sendable {
  /// The column count; nil picks one from the terminal's width (about one per 24 cells).
  public var columns: Int?
  /// Instead of a count: as many columns of this width as fit, following the terminal's width.
  public var columnWidth: Double?
  /// How many times taller than wide a terminal cell is.
  public var cellAspect: Double
  /// Rows of pull that start a refresh or a load of the next page.
  public var pullThreshold: Int
  /// The style the browser starts in.
  public var style: LayoutStyle
  public var order: ColumnOrder
  /// Column bottoms this close count as tied (layout units); nil is one row (`cellAspect`).
  public var tieTolerance: Double?
  /// The irregular style's chance of enlarging a picture, and the seed of its draws.
  public var enlargeProbability: Double
  public var seed: UInt64
  /// Whether the column styles show the feed's name and a row between loaded pages.
  public var separators: Bool
  /// The feed's name for the header until the feed gives its own (the source's display name).
  public var feedName: String?

  public init(
    columns: Int? = nil, columnWidth: Double? = nil, cellAspect: Double = 2.0,
    pullThreshold: Int = 3, style: LayoutStyle = .waterfall, order: ColumnOrder = .shortest,
    tieTolerance: Double? = nil, enlargeProbability: Double = Enlargement.defaultProbability,
    seed: UInt64 = Enlargement.defaultSeed, separators: Bool = true, feedName: String? = nil
  ) {
    self.columns = columns
    self.columnWidth = columnWidth
    self.cellAspect = cellAspect
    self.pullThreshold = pullThreshold
    self.style = style
    self.order = order
    self.tieTolerance = tieTolerance
    self.enlargeProbability = enlargeProbability
    self.seed = seed
    self.separators = separators
    self.feedName = feedName
  }
}

/// Which load runs.
public enum LoadKind: Hashable, Sendable {
  case refresh, more
}

/// A load the state machine asks for; its result comes back through `apply(_:to:)`.
public struct LoadRequest: Hashable, Sendable {
  public var kind: LoadKind
  /// Results of older requests are dropped: a refresh makes a running load-more stale.
  public var generation: Int
}

/// Something the state machine wants done outside it.
public enum Effect: Hashable, Sendable {
  case load(LoadRequest)
  /// Open this URL in a browser.
  case open(String)
  case quit
}

/// What covers the boxes.
public enum Overlay: Hashable, Sendable {
  case none, help
  /// Details of an item.
  case details(Int)
}

/// The browser as a pure state machine: items, layout style, viewport, selection, pulls, loads
/// and removals.
///
/// The app loop feeds it keys, sizes and load results and carries out the effects it returns;
/// drawing reads it. Nothing here touches the terminal or the network, so every behaviour of
/// the browser can be tested by driving this value. Where boxes go and how the selection moves
/// is the current style's business (`StyleLayout`); the state keeps what all styles share.
///
/// The viewport is the content rows `top ..< top + viewRows` (shifted on screen by a pull); the
/// last screen row is the status line. See `CellGeometry` for how layout units become cells.
public struct BrowserState: Sendable {
  /// The items shown: the feed's, less the ones removed with `d`.
  public private(set) var items: [FeedItem] = []
  public private(set) var screen: CanvasSize
  public private(set) var columnCount: Int
  /// The first content row in view.
  public private(set) var top = 0
  public private(set) var selection: Int?
  public private(set) var pull: PullGesture
  public private(set) var overlay = Overlay.none
  /// The latest message for the status line.
  public private(set) var message = ""
  public private(set) var loading: LoadRequest?
  public private(set) var hasMorePages = false
  /// The feed's own name once a load gave one.
  public private(set) var feedTitle: String?
  public let geometry: CellGeometry
  private(set) var arrangement: any StyleLayout
  private var options: BrowserOptions
  private var requestedColumns: Int?
  private var generation = 0
  /// Where pages 2, 3, … start in `items`.
  private var pageStarts: [Int] = []
  /// Removed items, the last removed on top.
  private var removals: [Removal] = []
  /// Sanitised labels of the boxes drawn lately (see `label(at:)`).
  private let labels = LabelCache()

  public static let maximumColumns = 30

  public init(options: BrowserOptions = BrowserOptions(), screen: CanvasSize) {
    let aspect = options.cellAspect.isFinite && options.cellAspect > 0 ? options.cellAspect : 2
    geometry = CellGeometry(cellAspect: aspect)
    pull = PullGesture(threshold: options.pullThreshold)
    requestedColumns = options.columns
    self.options = options
    self.screen = screen
    columnCount = 1
    arrangement = Self.arrangement(for: options.style)
    relayout(keepingPlace: false)
  }

  private static func arrangement(for style: LayoutStyle) -> any StyleLayout {
    switch style {
    case .waterfall, .irregular: ColumnStyle(style: style)
    case .carousel: CarouselStyle()
    case .ring: RingStyle()
    }
  }

  // MARK: Derived geometry

  public var style: LayoutStyle { arrangement.style }

  /// The column layout, when a column style shows.
  public var layout: WaterfallLayout? { (arrangement as? ColumnStyle)?.layout }

  /// Rows for boxes: all but the status line.
  public var viewRows: Int { max(0, screen.rows - 1) }

  /// The height of the laid-out content in rows.
  public var contentRows: Int { arrangement.contentRows }

  public var maxTop: Int { max(0, contentRows - viewRows) }

  /// The position: 0 at the top (or the first item), 100 at the bottom (or the last item, and
  /// when everything fits).
  public var percent: Int {
    if !arrangement.scrollsVertically {
      guard items.count > 1 else { return 100 }
      return (selection ?? 0) * 100 / (items.count - 1)
    }
    return maxTop == 0 ? 100 : top * 100 / maxTop
  }

  /// Whether a free scroll (the carousel's wheel) waits for `settle()`.
  public var isSliding: Bool { arrangement.isSliding }

  /// Content rows shown, given the pull's shift.
  var visibleContentRows: Range<Int> {
    let first = top - pull.shift
    return first..<(first + viewRows)
  }

  /// The boxes with at least one cell in view, pictures and full-width rows; only these are
  /// ever drawn.
  /// - Complexity: that of `WaterfallLayout.indices(in:)` for the waterfalls, independent of the
  ///   item count; O(boxes in view) for the others.
  public func visibleBoxes() -> [PlacedBox] {
    arrangement.boxes(inRows: visibleContentRows)
  }

  /// The items with at least one cell in view, in item order.
  public func visibleIndices() -> [Int] {
    visibleBoxes().compactMap(\.item).sorted()
  }

  /// Where the view writes out the selected item's title and size, if the style leaves room.
  public var caption: CellRect? { arrangement.caption }

  public func cellRect(of index: Int) -> CellRect? {
    arrangement.cellRect(ofItem: index)
  }

  // MARK: Input

  /// Handles one action; returns what to do outside.
  public mutating func handle(_ action: Action) -> [Effect] {
    if overlay != .none { return handleInOverlay(action) }
    var effects: [Effect] = []
    switch action {
    case .scroll(let rows), .wheel(let rows):
      if case .wheel = action, arrangement.slide(by: 4 * rows) {
        selection = arrangement.focus
      } else if arrangement.scrollsVertically {
        effects += scroll(by: rows)
      } else {
        step(by: rows.signum())
      }
    case .page(let fraction):
      if arrangement.scrollsVertically {
        let rows = max(1, Int((Double(viewRows) * abs(fraction)).rounded(.down)))
        effects += scroll(by: fraction < 0 ? -rows : rows)
      } else {
        let count = max(1, visibleIndices().count - 1)
        step(by: fraction < 0 ? -count : count)
      }
    case .top:
      pull.letGo()
      top = 0
      if !arrangement.scrollsVertically, !items.isEmpty { select(0) }
    case .bottom:
      pull.letGo()
      top = maxTop
      if !arrangement.scrollsVertically, !items.isEmpty { select(items.count - 1) }
    case .select(let move):
      pull.letGo()
      moveSelection(move)
    case .details:
      pull.letGo()
      if selection == nil { selection = visibleIndices().first }
      if let s = selection { overlay = .details(s) }
    case .open:
      pull.letGo()
      if selection == nil { selection = visibleIndices().first }
      if let s = selection, s < items.count {
        effects.append(.open(items[s].link ?? items[s].imageURL))
      }
    case .columns(let change):
      pull.letGo()
      changeColumns(change)
    case .nextStyle:
      pull.letGo()
      switchStyle(to: style.next)
    case .remove:
      pull.letGo()
      removeSelected()
    case .undo:
      pull.letGo()
      undoRemoval()
    case .refresh:
      pull.letGo()
      effects += startLoad(.refresh)
    case .help:
      pull.letGo()
      overlay = .help
    case .escape, .quit:
      effects.append(.quit)
    }
    effects += prefetchIfNeeded()
    return effects
  }

  /// With an overlay up, `o` still opens the item shown; any other key only closes it.
  private mutating func handleInOverlay(_ action: Action) -> [Effect] {
    if action == .open, case .details(let i) = overlay, i < items.count {
      return [.open(items[i].link ?? items[i].imageURL)]
    }
    overlay = .none
    return []
  }

  /// Ends a free scroll: the carousel snaps the box nearest the centre into it, and selects it.
  public mutating func settle() -> [Effect] {
    guard arrangement.isSliding else { return [] }
    if let focus = arrangement.settle() { selection = focus }
    return prefetchIfNeeded()
  }

  private mutating func scroll(by rows: Int) -> [Effect] {
    guard rows != 0 else { return [] }
    // Scrolling against a pull lets go of it; a load a pull started keeps running, and scrolling
    // goes on as usual meanwhile.
    switch pull.phase {
    case .pullingDown where rows > 0, .pullingUp where rows < 0, .endOfFeed where rows < 0:
      pull.letGo()
      return []
    default: break
    }
    if rows < 0 {
      if top == 0 {
        guard pull.pullDown() == .refresh else { return [] }
        return startLoad(.refresh)
      }
      pull.letGo()
      top = max(0, top + rows)
    } else {
      if top >= maxTop {
        let trigger = pull.pullUp(hasMore: hasMorePages)
        if pull.phase == .endOfFeed { message = "end of feed" }
        guard trigger == .loadMore else { return [] }
        return startLoad(.more)
      }
      pull.letGo()
      top = min(maxTop, top + rows)
    }
    return []
  }

  /// The styles that do not scroll vertically turn scrolling into steps from item to item.
  private mutating func step(by count: Int) {
    guard !items.isEmpty, count != 0 else { return }
    var current = selection ?? arrangement.focus ?? 0
    for _ in 0..<abs(count) {
      guard
        let next = arrangement.item(
          count < 0 ? .previous : .next, from: current,
          itemCount: items.count)
      else { break }
      current = next
    }
    select(current)
  }

  private mutating func moveSelection(_ move: SelectionMove) {
    guard !items.isEmpty else { return }
    let visible = visibleIndices()
    guard let current = selection, visible.contains(current) || move == .next || move == .previous
    else {
      select(visible.first ?? 0)
      return
    }
    if let next = arrangement.item(move, from: current, itemCount: items.count) {
      select(next)
    }
  }

  /// Selects item `i` and brings it into view: the style's focus, or scrolled to.
  private mutating func select(_ i: Int) {
    selection = i
    arrangement.focus(on: i)
    revealSelection()
  }

  /// Scrolls so that the selected box is in view (its top, if it is taller than the view).
  private mutating func revealSelection() {
    guard arrangement.scrollsVertically, let s = selection, let rect = cellRect(of: s) else {
      return
    }
    // A row of room above or below, so the box does not touch the screen's edge.
    if rect.row <= top {
      top = rect.row - 1
    } else if rect.bottom >= top + viewRows {
      top = rect.height + 2 > viewRows ? rect.row - 1 : rect.bottom + 1 - viewRows
    }
    clampTop()
  }

  private mutating func changeColumns(_ change: ColumnChange) {
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
      message = "at most \(fit) columns fit"
      guard columnCount != fit else { return }
    }
    requestedColumns = min(wanted, fit)
    relayout(keepingPlace: true)
  }

  /// Shows the items in `style`, keeping the selected item (or the one that kept the reader's
  /// place) where it was on screen, as far as the new style allows.
  public mutating func switchStyle(to style: LayoutStyle) {
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
  public mutating func resize(to size: CanvasSize) -> [Effect] {
    guard size != screen else { return [] }
    let place = anchor()
    screen = size
    relayout(keepingPlace: false)
    restore(place)
    return prefetchIfNeeded()
  }

  // MARK: Removal

  /// One removed item and where it was.
  private struct Removal: Sendable {
    var item: FeedItem
    var position: Int
    /// Its page: 0 for the first, k for the page that starts at `pageStarts[k − 1]`.
    var page: Int
  }

  /// The page of the item at `position`, as `Removal.page` counts.
  private func page(of position: Int) -> Int {
    var low = 0
    var high = pageStarts.count
    while low < high {
      let mid = (low + high) / 2
      if pageStarts[mid] <= position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// `d`: takes the selected item out of the view (the feed keeps it); the next item takes its
  /// place and the selection. Without a selection, `d` only selects the first box in view.
  private mutating func removeSelected() {
    guard !items.isEmpty else { return }
    guard let s = selection, s < items.count else {
      select(visibleIndices().first ?? 0)
      message = "press d again to remove the selected item"
      return
    }
    let page = page(of: s)
    removals.append(Removal(item: items.remove(at: s), position: s, page: page))
    for k in page..<pageStarts.count { pageStarts[k] -= 1 }
    let keptTop = top
    selection = items.isEmpty ? nil : min(s, items.count - 1)
    relayout(keepingPlace: false, itemsChanged: true)
    top = keptTop
    clampTop()
    if let s = selection { select(s) }
    message = "removed #\(s + 1); u brings it back"
  }

  /// `u`: puts the last removed item back in its place and selects it.
  private mutating func undoRemoval() {
    guard let removal = removals.popLast() else {
      message = "nothing to undo"
      return
    }
    let position = min(removal.position, items.count)
    items.insert(removal.item, at: position)
    for k in removal.page..<pageStarts.count { pageStarts[k] += 1 }
    let keptTop = top
    relayout(keepingPlace: false, itemsChanged: true)
    top = keptTop
    clampTop()
    select(position)
    message = "restored #\(position + 1)"
  }

  /// How many removed items `u` can bring back.
  public var undoCount: Int { removals.count }

  // MARK: Loads

  /// Starts a load unless one of that kind runs; a refresh overtakes a running load-more.
  public mutating func startLoad(_ kind: LoadKind) -> [Effect] {
    if let running = loading, running.kind == kind || running.kind == .refresh {
      return []
    }
    generation += 1
    let request = LoadRequest(kind: kind, generation: generation)
    loading = request
    message = kind == .refresh ? "refreshing…" : "loading more…"
    return [.load(request)]
  }

  /// Applies the result of a load; results of stale requests are dropped. `title` is the feed's
  /// own name as the load left it, if known.
  public mutating func apply(_ result: PageResult, to request: LoadRequest, title: String? = nil)
    -> [Effect]
  {
    guard loading == request else { return [] }
    // The newest request itself superseded means the session already had that load running and
    // nothing more will come for it.
    loading = nil
    pull.loadEnded()
    switch result {
    case .replaced(let newItems, let skipped, let hasMore):
      feedTitle = title
      replaceItems(newItems)
      hasMorePages = hasMore
      message = "loaded \(newItems.count) items" + (skipped.message.map { "; \($0)" } ?? "")
    case .appended(let newItems, let skipped, let hasMore):
      appendItems(newItems)
      hasMorePages = hasMore
      message =
        "loaded \(newItems.count) more items" + (skipped.message.map { "; \($0)" } ?? "")
    case .endOfFeed:
      hasMorePages = false
      message = "end of feed"
    case .failed(let error):
      message = "error: \(error)"
    case .superseded:
      break
    }
    return prefetchIfNeeded()
  }

  /// Sets a message for the status line (the app's own, such as the result of `o`).
  public mutating func show(_ text: String) { message = text }

  /// Shows a feed that was loaded before the browser started; may ask for the next page.
  @discardableResult
  public mutating func start(
    with items: [FeedItem], skipped: SkipReport, hasMore: Bool, title: String? = nil
  ) -> [Effect] {
    feedTitle = title
    replaceItems(items)
    hasMorePages = hasMore
    message = "loaded \(items.count) items" + (skipped.message.map { "; \($0)" } ?? "")
    return prefetchIfNeeded()
  }

  /// When the view is within one screen of the end of a feed with more pages (or, in the
  /// carousel and the ring, within a dozen items of it), ask for the next page before the
  /// reader gets there.
  private mutating func prefetchIfNeeded() -> [Effect] {
    guard hasMorePages, loading == nil, !items.isEmpty else { return [] }
    let nearEnd =
      arrangement.scrollsVertically
      ? top + 2 * viewRows >= contentRows
      : (selection ?? 0) + RingStyle.maximumShown >= items.count
    return nearEnd ? startLoad(.more) : []
  }

  /// A refresh: the new items replace everything, and removals are forgotten.
  private mutating func replaceItems(_ newItems: [FeedItem]) {
    let selected = selection.flatMap { $0 < items.count ? items[$0].identity : nil }
    items = newItems
    pageStarts = []
    removals = []
    selection = selected.flatMap { id in items.firstIndex { $0.identity == id } }
    arrangement.layOut(styleFeed, in: context, itemsChanged: true)
    syncFocus()
    if case .details = overlay { overlay = .none }
    clampTop()
  }

  private mutating func appendItems(_ newItems: [FeedItem]) {
    let firstNew = items.count
    pageStarts.append(firstNew)
    items += newItems
    if firstNew == 0 {
      // Nothing was shown, so there was no header either: lay out from the start.
      arrangement.layOut(styleFeed, in: context, itemsChanged: true)
    } else {
      let rows: [FullWidthRow] =
        options.separators && !newItems.isEmpty ? [.page(pageStarts.count + 1)] : []
      arrangement.append(styleFeed, firstNew: firstNew, rows: rows, in: context)
    }
    syncFocus()
  }

  /// The name the header shows: the feed's own, else the one the command line gave.
  public var feedName: String? {
    let name = feedTitle.flatMap { $0.isEmpty ? nil : $0 } ?? options.feedName
    return name.map { DisplayText($0, maximumWidth: 200).string }
  }

  /// The items and the full-width rows between them: the header, and a row before every
  /// loaded page that still has items.
  private var styleFeed: StyleFeed {
    var rows: [(before: Int, row: FullWidthRow)] = []
    if options.separators {
      if let name = feedName, !items.isEmpty { rows.append((0, .header(name))) }
      for (k, start) in pageStarts.enumerated() {
        let end = k + 1 < pageStarts.count ? pageStarts[k + 1] : items.count
        if start < end { rows.append((start, .page(k + 2))) }
      }
    }
    return StyleFeed(items: items, rows: rows)
  }

  /// What box `index` shows, sanitised as it comes on screen.
  ///
  /// Built for the visible items rather than stored for every item: a million stored labels
  /// would cost more memory than the items themselves, and sanitising is bounded by the width
  /// kept (`DisplayText`), so a frame's cost stays that of the boxes in view. The last few
  /// screens' labels are cached, so a scroll step sanitises only the boxes it brings in.
  public func label(at index: Int) -> BoxLabel? {
    guard index >= 0, index < items.count else { return nil }
    return labels.label(items[index], number: index + 1, make: Self.label(for:number:))
  }

  static func label(for item: FeedItem, number: Int) -> BoxLabel {
    let title = item.title.flatMap { $0.isEmpty ? nil : $0 } ?? fileName(of: item.imageURL)
    return BoxLabel(
      title: DisplayText(title, maximumWidth: 200), pixelWidth: pixels(item.width),
      pixelHeight: pixels(item.height), number: number)
  }

  /// The last path component of a URL, without query or fragment.
  static func fileName(of url: String) -> String {
    let path = url.prefix(4096).split(whereSeparator: { $0 == "?" || $0 == "#" }).first ?? ""
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? String(url.prefix(200)) : name
  }

  private static func pixels(_ value: Double) -> Int {
    value.isFinite ? Int(max(0, min(1e9, value.rounded()))) : 0
  }

  // MARK: Layout

  /// The most columns for which every box is at least one cell wide.
  public var maximumColumnsThatFit: Int {
    let margin = Double(ColumnStyle.margin(forWidth: screen.columns))
    let room = Double(screen.columns) - 2 * margin
    return max(1, min(Self.maximumColumns, Int(((room + 1) / 2).rounded(.down))))
  }

  private var context: StyleContext {
    StyleContext(screen: screen, geometry: geometry, columnCount: columnCount, options: options)
  }

  private mutating func relayout(keepingPlace: Bool, itemsChanged: Bool = false) {
    let place = keepingPlace ? anchor() : nil
    let automatic = max(1, min(8, screen.columns / 24))
    let margin = Double(ColumnStyle.margin(forWidth: screen.columns))
    let fitting = options.columnWidth.map { width in
      LayoutConfiguration.columnCount(
        fitting: width, containerWidth: Double(screen.columns), columnSpacing: 1,
        insets: EdgeInsets(top: 0, left: margin, bottom: 0, right: margin))
    }
    columnCount = max(1, min(requestedColumns ?? fitting ?? automatic, maximumColumnsThatFit))
    arrangement.layOut(styleFeed, in: context, itemsChanged: itemsChanged)
    if let failure = (arrangement as? ColumnStyle)?.failure { message = failure }
    syncFocus()
    restore(place)
  }

  /// The carousel and the ring always have a selected item, the one in their focus.
  private mutating func syncFocus() {
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
  private func anchor() -> (index: Int, screenRow: Int)? {
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

  private mutating func restore(_ place: (index: Int, screenRow: Int)?) {
    if let place, let rect = cellRect(of: place.index) {
      top = rect.row - place.screenRow
    }
    clampTop()
  }

  private mutating func clampTop() {
    top = max(0, min(top, maxTop))
  }
}
