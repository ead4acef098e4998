import FeedModel
import LayoutEngine

/// The waterfall and the irregular waterfall: columns scrolled vertically, with the feed's
/// header and the page separators as full-width rows between the pictures.
///
/// The engine numbers pictures and rows together; the browser numbers pictures only. The rows
/// are few (one per page), so the map between the two is a binary search over them rather than
/// a table of every item.
struct ColumnArrangement: Arrangement {
  let style: LayoutStyle
  private(set) var layout = WaterfallLayout(configuration: LayoutConfiguration(containerWidth: 1))
  /// The full-width rows by layout index, in order.
  private var rows: [(index: Int, row: FullWidthRow)] = []
  private var geometry = CellGeometry(cellAspect: 2)
  /// Why the last layout failed, if it did.
  private(set) var failure: String?
  /// The smallest height / width the engine was given, for the column width of the last
  /// layout (see `minimumBoxRows`).
  private var minimumRatio = 0.0
  /// The smallest height / width among the feed's pictures as laid out, so that a new column
  /// width rebuilds the engine's items only when it changes some picture's shape.
  private var smallestRatio = Double.infinity
  /// How text items' cards were sized in the last layout, and whether the feed has any: their
  /// shape follows the column's width, so a new width rebuilds the engine's items.
  private var cards = CardSizing(textWidth: 0, pictureWidth: 1, cellAspect: 2)
  private var hasCards = false

  /// Every box is at least this many rows tall: its border, one row of picture and one line
  /// for the title, so a picture however wide is drawn (a strip), titled and selectable rather
  /// than a bar or nothing. At three rows a panorama wider than about 3.5:1 in a column of the
  /// default width kept no row for its picture.
  static let minimumBoxRows = 4

  init(style: LayoutStyle) {
    precondition(
      style == .waterfall || style == .irregular, "ColumnArrangement lays out columns only")
    self.style = style
  }

  var scrollsVertically: Bool { true }

  var contentRows: Int { geometry.row(layout.contentSize.height) }

  /// One free cell around the boxes, when the screen is wide enough to spare it.
  static func margin(forWidth width: Int) -> Int { width >= 12 ? 1 : 0 }

  static func configuration(for context: ArrangementContext, style: LayoutStyle)
    -> LayoutConfiguration
  {
    let margin = Double(margin(forWidth: context.screen.columns))
    let rowGap = context.geometry.cellAspect
    let options = context.options
    return LayoutConfiguration(
      columnCount: context.columnCount, columnSpacing: 1, rowSpacing: rowGap,
      insets: EdgeInsets(
        top: margin * rowGap, left: margin, bottom: margin * rowGap, right: margin),
      containerWidth: Double(max(1, context.screen.columns)), order: options.order,
      tieTolerance: options.tieTolerance ?? rowGap,
      enlargement: style == .irregular
        ? Enlargement(probability: options.enlargeProbability, seed: options.seed) : nil,
      decoration: decoration(rowHeight: rowGap))
  }

  /// What a box adds to its picture, which fills the box's width inside the border: a border
  /// column each side, and the border rows and the caption row (`PictureArea.inside`).
  static func decoration(rowHeight: Double) -> Decoration {
    Decoration(width: 2, height: Double(PictureArea.rowsAround) * rowHeight)
  }

  /// - Complexity: O(n) to lay out; building the engine's item list again (also O(n), but the
  ///   larger part) only when the items changed.
  mutating func layOut(_ feed: ArrangedFeed, in context: ArrangementContext, itemsChanged: Bool) {
    geometry = context.geometry
    layout.configuration = Self.configuration(for: context, style: style)
    let minimum = Self.minimumRatio(for: layout.configuration, geometry: geometry)
    let sizing = CardSizing(configuration: layout.configuration, geometry: geometry)
    let shapesKept =
      (minimum == minimumRatio || smallestRatio >= max(minimum, minimumRatio))
      && (!hasCards || sizing == cards)
    minimumRatio = minimum
    cards = sizing
    if !itemsChanged, shapesKept, layout.itemCount == feed.items.count + feed.rows.count,
      rows.count == feed.rows.count
    {
      prepare()
      return
    }
    smallestRatio = Self.smallestRatio(of: feed.items, from: 0)
    hasCards = Self.hasCards(feed.items, from: 0)
    // Row k goes before picture `before`, after the k rows ahead of it.
    rows = feed.rows.enumerated().compactMap { k, entry in
      entry.before <= feed.items.count ? (entry.before + k, entry.row) : nil
    }
    // Streamed into the engine rather than built as one [LayoutItem] first: for a million
    // items that list was 24 MB held beside everything else at the browser's peak.
    layout.setItems([LayoutItem]())
    layout.append(
      contentsOf: EngineItems(
        feed: feed, rowHeight: context.geometry.cellAspect, minimumRatio: minimum, cards: sizing))
    prepare()
  }

  /// The engine's items for a feed: its pictures with the full-width rows between them, in
  /// order, made one at a time.
  private struct EngineItems: Sequence, IteratorProtocol {
    let feed: ArrangedFeed
    let rowHeight: Double
    let minimumRatio: Double
    let cards: CardSizing
    private var picture = 0
    private var row = 0

    init(feed: ArrangedFeed, rowHeight: Double, minimumRatio: Double, cards: CardSizing) {
      self.feed = feed
      self.rowHeight = rowHeight
      self.minimumRatio = minimumRatio
      self.cards = cards
    }

    /// Exact, so the engine reserves its storage once.
    var underestimatedCount: Int {
      feed.items.count - picture + feed.rows.filter { $0.before <= feed.items.count }.count - row
    }

    mutating func next() -> LayoutItem? {
      if row < feed.rows.count, feed.rows[row].before <= picture, picture <= feed.items.count {
        row += 1
        return .fullWidth(height: rowHeight)
      }
      guard picture < feed.items.count else { return nil }
      let item = feed.items[picture]
      picture += 1
      return .picture(
        ColumnArrangement.engineSize(of: item, minimumRatio: minimumRatio, cards: cards))
    }
  }

  mutating func append(
    _ feed: ArrangedFeed, firstNew: Int, rows newRows: [FullWidthRow],
    in context: ArrangementContext
  ) {
    var items: [LayoutItem] = []
    for row in newRows {
      rows.append((layout.itemCount + items.count, row))
      items.append(.fullWidth(height: context.geometry.cellAspect))
    }
    items.reserveCapacity(items.count + feed.items.count - firstNew)
    // Read in place: a `for item in` over the items copies each one, a retain and a release
    // of its text block, which the decoding thread is retaining at the same time for the items
    // it makes, so each is a cache line taken from the other core.
    feed.items.withUnsafeBufferPointer { all in
      for i in firstNew..<all.count {
        items.append(
          .picture(Self.engineSize(of: all[i], minimumRatio: minimumRatio, cards: cards)))
      }
    }
    smallestRatio = min(smallestRatio, Self.smallestRatio(of: feed.items, from: firstNew))
    hasCards = hasCards || Self.hasCards(feed.items, from: firstNew)
    layout.append(contentsOf: items)
    prepare()
  }

  mutating func reserve(items total: Int) {
    layout.reserveCapacity(total)
  }

  /// The shape the engine lays `item` out with: the feed's layout shape (64:1 at most), made
  /// no flatter than `minimumRatio`; a text item's card, as tall as its text (`cards`).
  static func engineSize(of item: FeedItem, minimumRatio: Double, cards: CardSizing)
    -> ItemSize
  {
    guard item.hasPicture else { return cards.size(of: item) }
    let shape = item.layoutSize
    return ItemSize(width: shape.width, height: max(shape.height, shape.width * minimumRatio))
  }

  /// The height / width of a picture that makes a one-column box `minimumBoxRows` rows tall:
  /// one row of picture, as wide as the box inside its border. A wider picture is laid out at
  /// this shape and drawn letterboxed in that row, never shrunk to a sliver.
  static func minimumRatio(for configuration: LayoutConfiguration, geometry: CellGeometry)
    -> Double
  {
    let width = configuration.itemWidth - configuration.decoration.width
    guard width.isFinite, width > 0 else { return 0 }
    let pictureRows = max(1, minimumBoxRows - PictureArea.rowsAround)
    return Double(pictureRows) * geometry.cellAspect / width
  }

  /// Whether any of `items[first...]` is a text item, read in place (see `append`).
  private static func hasCards(_ items: [FeedItem], from first: Int) -> Bool {
    items.withUnsafeBufferPointer { items in
      (first..<items.count).contains { !items[$0].hasPicture }
    }
  }

  /// The smallest height / width of `items[first...]`, read in place (see `append`).
  private static func smallestRatio(of items: [FeedItem], from first: Int) -> Double {
    items.withUnsafeBufferPointer { items in
      var smallest = Double.infinity
      for i in first..<items.count {
        let shape = items[i].layoutSize
        smallest = min(smallest, shape.height / shape.width)
      }
      return smallest
    }
  }

  private mutating func prepare() {
    do {
      try layout.prepare()
      failure = nil
    } catch {
      failure = "cannot lay out: \(error)"
    }
  }

  // MARK: Pictures and rows

  /// The layout index of picture `i`: `i` plus the rows before it.
  /// - Complexity: O(log r) for r full-width rows.
  func layoutIndex(ofItem i: Int) -> Int {
    // Row k has `rows[k].index - k` pictures before it.
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid].index - mid <= i { low = mid + 1 } else { high = mid }
    }
    return i + low
  }

  /// What layout index `l` holds.
  /// - Complexity: O(log r) for r full-width rows.
  func content(atLayoutIndex l: Int) -> BoxContent {
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid].index < l { low = mid + 1 } else { high = mid }
    }
    if low < rows.count, rows[low].index == l { return .row(rows[low].row) }
    return .item(l - low)
  }

  // MARK: Queries

  func boxes(inRows visible: Range<Int>) -> [PlacedBox] {
    guard !visible.isEmpty, layout.itemCount > 0 else { return [] }
    let rect = Rect(
      x: 0, y: geometry.y(ofRow: visible.lowerBound), width: layout.containerWidth,
      height: geometry.y(ofRow: visible.count))
    return layout.indices(in: rect).compactMap { l in
      guard let frame = layout.frame(of: l) else { return nil }
      let cells = geometry.cellRect(frame)
      guard cells.height > 0, cells.bottom > visible.lowerBound, cells.row < visible.upperBound
      else { return nil }
      return PlacedBox(content: content(atLayoutIndex: l), rect: cells)
    }
  }

  /// The box above or below item `i`, looking ever further (a tall box or a page row may be in
  /// between) until the content ends.
  private func vertical(from i: Int, below: Bool) -> Int? {
    guard let rect = cellRect(ofItem: i) else { return nil }
    var reach = max(8, rect.height)
    while true {
      let rows =
        below ? rect.bottom..<(rect.bottom + reach) : max(0, rect.row - reach)..<rect.row
      // A plain loop: Swift 6.3.1's optimiser (CopyPropagation) crashes on the compactMap form
      // of this in release builds.
      var candidates: [(item: Int, rect: CellRect)] = []
      for box in boxes(inRows: rows) {
        if let item = box.item { candidates.append((item, box.rect)) }
      }
      if let found = SpatialNeighbour.next(from: rect, below: below, among: candidates) {
        return found
      }
      if below ? rows.upperBound >= contentRows : rows.lowerBound == 0 { return nil }
      reach *= 2
    }
  }

  func cellRect(ofItem i: Int) -> CellRect? {
    layout.frame(of: layoutIndex(ofItem: i)).map(geometry.cellRect)
  }

  /// Tab and Shift-Tab go by item number; left and right go to the neighbouring column's box
  /// at about the same height; up and down to the box above or below that shares the most
  /// columns (`SpatialNeighbour`).
  func item(_ move: SelectionMove, from i: Int, itemCount: Int) -> Int? {
    switch move {
    case .next: return i + 1 < itemCount ? i + 1 : nil
    case .previous: return i > 0 ? i - 1 : nil
    case .up, .down:
      return vertical(from: i, below: move == .down)
    case .left, .right:
      guard let attributes = layout.attributes(at: layoutIndex(ofItem: i)) else { return nil }
      let config = layout.configuration
      let column = move == .left ? attributes.column - 1 : attributes.column + attributes.span
      guard column >= 0, column < config.columnCount else { return nil }
      let x = config.insets.left + Double(column) * (config.itemWidth + config.columnSpacing)
      let frame = attributes.frame
      // The boxes of that column beside this one; the one whose top is nearest wins.
      let strip = Rect(
        x: x + config.itemWidth / 2 - 0.25, y: frame.minY, width: 0.5,
        height: max(frame.height, 0.001))
      let beside = layout.indices(in: strip).compactMap { l -> (Int, Double)? in
        guard case .item(let item) = content(atLayoutIndex: l), let f = layout.frame(of: l)
        else { return nil }
        return (item, abs(f.minY - frame.minY))
      }
      if let best = beside.min(by: { $0.1 < $1.1 }) { return best.0 }
      let point = Point(x: x + config.itemWidth / 2, y: frame.minY)
      guard let l = layout.item(nearest: point), case .item(let item) = content(atLayoutIndex: l)
      else { return nil }
      return item
    }
  }
}
