import FeedKit
import WaterfallLayout

/// The options of the browser that the command line sets.
public struct BrowserOptions: Hashable, Sendable {
  /// The column count; nil picks one from the terminal's width (about one per 24 cells).
  public var columns: Int?
  /// How many times taller than wide a terminal cell is.
  public var cellAspect: Double
  /// Rows of pull that start a refresh or a load of the next page.
  public var pullThreshold: Int

  public init(columns: Int? = nil, cellAspect: Double = 2.0, pullThreshold: Int = 3) {
    self.columns = columns
    self.cellAspect = cellAspect
    self.pullThreshold = pullThreshold
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

/// The browser as a pure state machine: items, layout, viewport, selection, pulls and loads.
///
/// The app loop feeds it keys, sizes and load results and carries out the effects it returns;
/// drawing reads it. Nothing here touches the terminal or the network, so every behaviour of
/// the browser can be tested by driving this value.
///
/// The viewport is the content rows `top ..< top + viewRows` (shifted on screen by a pull); the
/// last screen row is the status line. See `CellGeometry` for how layout units become cells.
public struct BrowserState: Sendable {
  public private(set) var items: [FeedItem] = []
  public private(set) var layout: WaterfallLayout
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
  public let geometry: CellGeometry
  private var requestedColumns: Int?
  private var generation = 0

  public static let maximumColumns = 30

  public init(options: BrowserOptions = BrowserOptions(), screen: CanvasSize) {
    let aspect = options.cellAspect.isFinite && options.cellAspect > 0 ? options.cellAspect : 2
    geometry = CellGeometry(cellAspect: aspect)
    pull = PullGesture(threshold: options.pullThreshold)
    requestedColumns = options.columns
    self.screen = screen
    columnCount = 1
    layout = WaterfallLayout(configuration: LayoutConfiguration(containerWidth: 1))
    relayout(keepingPlace: false)
  }

  // MARK: Derived geometry

  /// Rows for boxes: all but the status line.
  public var viewRows: Int { max(0, screen.rows - 1) }

  /// The height of the laid-out content in rows.
  public var contentRows: Int { geometry.row(layout.contentSize.height) }

  public var maxTop: Int { max(0, contentRows - viewRows) }

  /// The scroll position: 0 at the top, 100 at the bottom (and when everything fits).
  public var percent: Int { maxTop == 0 ? 100 : top * 100 / maxTop }

  /// Content rows shown, given the pull's shift.
  var visibleContentRows: Range<Int> {
    let first = top - pull.shift
    return first..<(first + viewRows)
  }

  /// The items with at least one cell in view, in item order; only these are ever drawn.
  /// - Complexity: that of `WaterfallLayout.indices(in:)`, independent of the item count.
  public func visibleIndices() -> [Int] {
    let rows = visibleContentRows
    guard !rows.isEmpty, layout.itemCount > 0 else { return [] }
    let rect = Rect(
      x: 0, y: geometry.y(ofRow: rows.lowerBound), width: Double(screen.columns),
      height: geometry.y(ofRow: rows.count))
    return layout.indices(in: rect).filter { i in
      guard let frame = layout.frame(of: i) else { return false }
      let cells = geometry.cellRect(frame)
      return cells.height > 0 && cells.bottom > rows.lowerBound && cells.row < rows.upperBound
    }
  }

  public func cellRect(of index: Int) -> CellRect? {
    layout.frame(of: index).map(geometry.cellRect)
  }

  // MARK: Input

  /// Handles one action; returns what to do outside.
  public mutating func handle(_ action: Action) -> [Effect] {
    if overlay != .none { return handleInOverlay(action) }
    var effects: [Effect] = []
    switch action {
    case .scroll(let rows): effects += scroll(by: rows)
    case .wheel(let rows): effects += scroll(by: rows)
    case .page(let fraction):
      let rows = max(1, Int((Double(viewRows) * abs(fraction)).rounded(.down)))
      effects += scroll(by: fraction < 0 ? -rows : rows)
    case .top:
      pull.letGo()
      top = 0
    case .bottom:
      pull.letGo()
      top = maxTop
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

  private mutating func moveSelection(_ move: SelectionMove) {
    guard !items.isEmpty else { return }
    let visible = visibleIndices()
    guard let current = selection, visible.contains(current) || move == .next || move == .previous
    else {
      selection = visible.first ?? 0
      revealSelection()
      return
    }
    switch move {
    case .next: selection = min(items.count - 1, current + 1)
    case .previous: selection = max(0, current - 1)
    case .left, .right:
      guard let attributes = layout.attributes(at: current) else { return }
      let column = attributes.column + (move == .left ? -1 : 1)
      guard column >= 0, column < columnCount else { return }
      let config = layout.configuration
      let x = config.insets.left + Double(column) * (config.itemWidth + config.columnSpacing)
      let point = Point(x: x + config.itemWidth / 2, y: attributes.frame.minY)
      if let found = layout.item(nearest: point) { selection = found }
    }
    revealSelection()
  }

  /// Scrolls so that the selected box is in view (its top, if it is taller than the view).
  private mutating func revealSelection() {
    guard let s = selection, let rect = cellRect(of: s) else { return }
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

  /// The terminal changed size: lay out again for the new width, keeping the reader's place.
  public mutating func resize(to size: CanvasSize) -> [Effect] {
    guard size != screen else { return [] }
    let place = anchor()
    screen = size
    relayout(keepingPlace: false)
    restore(place)
    return prefetchIfNeeded()
  }

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

  /// Applies the result of a load; results of stale requests are dropped.
  public mutating func apply(_ result: PageResult, to request: LoadRequest) -> [Effect] {
    guard loading == request else { return [] }
    // The newest request itself superseded means the session already had that load running and
    // nothing more will come for it.
    loading = nil
    pull.loadEnded()
    switch result {
    case .replaced(let newItems, let skipped, let hasMore):
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
  public mutating func start(with items: [FeedItem], skipped: SkipReport, hasMore: Bool)
    -> [Effect]
  {
    replaceItems(items)
    hasMorePages = hasMore
    message = "loaded \(items.count) items" + (skipped.message.map { "; \($0)" } ?? "")
    return prefetchIfNeeded()
  }

  /// When the view is within one screen of the end of a feed with more pages, ask for the next
  /// page before the reader gets there.
  private mutating func prefetchIfNeeded() -> [Effect] {
    guard hasMorePages, loading == nil, !items.isEmpty,
      top + 2 * viewRows >= contentRows
    else { return [] }
    return startLoad(.more)
  }

  private mutating func replaceItems(_ newItems: [FeedItem]) {
    let selected = selection.flatMap { $0 < items.count ? items[$0].identity : nil }
    items = newItems
    layout.setItems(newItems.map { ItemSize(width: $0.width, height: $0.height) })
    prepareLayout()
    selection = selected.flatMap { id in items.firstIndex { $0.identity == id } }
    if case .details = overlay { overlay = .none }
    clampTop()
  }

  private mutating func appendItems(_ newItems: [FeedItem]) {
    items += newItems
    layout.append(contentsOf: newItems.map { ItemSize(width: $0.width, height: $0.height) })
    prepareLayout()
  }

  /// What box `index` shows, sanitised as it comes on screen.
  ///
  /// Built for the visible items of each frame rather than stored for every item: a million
  /// stored labels would cost more memory than the items themselves, and sanitising is bounded
  /// by the width kept (`DisplayText`), so a frame's cost stays that of the boxes in view.
  public func label(at index: Int) -> BoxLabel? {
    guard index >= 0, index < items.count else { return nil }
    return Self.label(for: items[index], number: index + 1)
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
    let margin = Double(Self.margin(for: screen.columns))
    let room = Double(screen.columns) - 2 * margin
    return max(1, min(Self.maximumColumns, Int(((room + 1) / 2).rounded(.down))))
  }

  private static func margin(for width: Int) -> Int { width >= 12 ? 1 : 0 }

  private mutating func relayout(keepingPlace: Bool) {
    let place = keepingPlace ? anchor() : nil
    let automatic = max(1, min(8, screen.columns / 24))
    columnCount = max(1, min(requestedColumns ?? automatic, maximumColumnsThatFit))
    let margin = Double(Self.margin(for: screen.columns))
    let rowGap = geometry.cellAspect
    layout.configuration = LayoutConfiguration(
      columnCount: columnCount, columnSpacing: 1, rowSpacing: rowGap,
      insets: EdgeInsets(
        top: margin * rowGap, left: margin, bottom: margin * rowGap, right: margin),
      containerWidth: Double(max(1, screen.columns)))
    prepareLayout()
    restore(place)
  }

  private mutating func prepareLayout() {
    do {
      try layout.prepare()
    } catch {
      message = "cannot lay out: \(error)"
    }
  }

  /// The item that keeps the reader's place, and its row on screen: the selected item if it is
  /// in view, else the first box that starts in view.
  private func anchor() -> (index: Int, screenRow: Int)? {
    let visible = visibleIndices()
    if let s = selection, visible.contains(s), let rect = cellRect(of: s) {
      return (s, rect.row - top)
    }
    var best: (index: Int, row: Int, column: Int)?
    for i in visible {
      guard let rect = cellRect(of: i) else { continue }
      let starts = rect.row >= top
      let key = (starts ? 0 : 1, starts ? rect.row : -rect.row, rect.column)
      if let b = best, let bRect = cellRect(of: b.index) {
        let bStarts = bRect.row >= top
        let bKey = (bStarts ? 0 : 1, bStarts ? bRect.row : -bRect.row, bRect.column)
        if key >= bKey { continue }
      }
      best = (i, rect.row, rect.column)
    }
    return best.map { ($0.index, $0.row - top) }
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
