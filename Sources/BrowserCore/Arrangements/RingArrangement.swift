import LayoutEngine

/// The ring: the selected box and its neighbours on a circle that fits the view.
///
/// At most `maximumShown` boxes are on the ring: the selected one at the top, the next ones
/// clockwise after it and the previous ones before it, wrapping around the feed's ends as a
/// ring does. Selecting a neighbour turns the ring. It is laid out in cells, with the engine's
/// `horizontalStretch` set to the cell aspect so that the circle and the boxes look round and
/// square.
struct RingArrangement: Arrangement {
  var style: LayoutStyle { .ring }
  static let maximumShown = 12
  private var ring = RingLayout(
    configuration: .init(viewWidth: 1, viewHeight: 1, itemWidth: 1, itemHeight: 1),
    itemCount: 0)
  private var selected = 0
  private var itemCount = 0
  private var viewRows = 0

  var scrollsVertically: Bool { false }
  var contentRows: Int { viewRows }

  /// How many boxes are on the ring.
  var shown: Int { min(itemCount, Self.maximumShown) }

  mutating func layOut(_ feed: ArrangedFeed, in context: ArrangementContext, itemsChanged: Bool) {
    itemCount = feed.items.count
    viewRows = context.viewRows
    selected = min(selected, max(0, itemCount - 1))
    ring = Self.ring(
      shown: shown, width: Double(context.screen.columns), height: Double(viewRows),
      aspect: context.geometry.cellAspect)
  }

  /// The ring with the largest boxes whose cells neither overlap nor leave the view (the
  /// smallest boxes if none do).
  private static func ring(shown: Int, width: Double, height: Double, aspect: Double) -> RingLayout
  {
    var rows = max(1, min((height / 3).rounded(.down), (width / 3 / aspect).rounded(.down)))
    while true {
      let layout = RingLayout(
        configuration: .init(
          viewWidth: width, viewHeight: height, itemWidth: max(2, (rows * aspect).rounded()),
          itemHeight: rows, horizontalStretch: aspect),
        itemCount: shown)
      if rows <= 1 || fits(layout) { return layout }
      rows -= 1
    }
  }

  private static func fits(_ layout: RingLayout) -> Bool {
    let rects = (0..<layout.itemCount).compactMap { layout.frame(of: $0).map(cells) }
    let view = layout.configuration
    for (k, a) in rects.enumerated() {
      guard a.column >= 0, a.row >= 0, Double(a.right) <= view.viewWidth,
        Double(a.bottom) <= view.viewHeight
      else { return false }
      for b in rects[(k + 1)...] {
        let apart =
          a.right < b.column || b.right < a.column || a.bottom <= b.row || b.bottom <= a.row
        if !apart { return false }
      }
    }
    return true
  }

  private static func cells(_ frame: Rect) -> CellRect {
    let left = Int(frame.minX.rounded())
    let top = Int(frame.minY.rounded())
    return CellRect(
      row: top, column: left, width: Int(frame.maxX.rounded()) - left,
      height: Int(frame.maxY.rounded()) - top)
  }

  mutating func append(
    _ feed: ArrangedFeed, firstNew: Int, rows: [FullWidthRow], in context: ArrangementContext
  ) {
    let before = shown
    itemCount = feed.items.count
    if shown != before { layOut(feed, in: context, itemsChanged: true) }
  }

  /// The ring position of item `i`, or nil when it is not on the ring. Position `shown/2` is
  /// the top (the engine puts position 0 at the bottom).
  func slot(ofItem i: Int) -> Int? {
    let m = shown
    guard m > 0, i >= 0, i < itemCount else { return nil }
    var d = ((i - selected) % itemCount + itemCount) % itemCount
    if d > m / 2 { d -= itemCount }
    guard d >= -(m - 1) / 2, d <= m / 2 else { return nil }
    return ((m / 2 - d) % m + m) % m
  }

  func boxes(inRows rows: Range<Int>) -> [PlacedBox] {
    let m = shown
    guard m > 0 else { return [] }
    let items = (-(m - 1) / 2...m / 2).map { d in
      ((selected + d) % itemCount + itemCount) % itemCount
    }
    return items.sorted().compactMap { i in
      cellRect(ofItem: i).map { PlacedBox(content: .item(i), rect: $0) }
    }
  }

  func cellRect(ofItem i: Int) -> CellRect? {
    slot(ofItem: i).flatMap { ring.frame(of: $0) }.map(Self.cells)
  }

  func item(_ move: SelectionMove, from i: Int, itemCount: Int) -> Int? {
    guard itemCount > 1 else { return nil }
    switch move {
    case .left, .previous: return (i - 1 + itemCount) % itemCount
    case .right, .next: return (i + 1) % itemCount
    }
  }

  var focus: Int? { itemCount > 0 ? selected : nil }

  /// Three rows across the middle of the ring, clear of its boxes.
  var caption: CellRect? {
    let c = ring.configuration
    let width = Int((2 * ring.radius * c.horizontalStretch - c.itemWidth).rounded(.down)) - 2
    guard shown >= 6, width >= 4, ring.radius >= 3 else { return nil }
    return CellRect(
      row: Int(c.viewHeight / 2) - 1, column: Int((c.viewWidth - Double(width)) / 2),
      width: width, height: 3)
  }

  mutating func focus(on i: Int) {
    selected = max(0, min(i, itemCount - 1))
  }
}
