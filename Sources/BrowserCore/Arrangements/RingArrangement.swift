import LayoutEngine

/// The ring: the selected box and its neighbours on a circle that fits the view.
///
/// At most `maximumShown` boxes are on the ring: the selected one at the top, the next ones
/// clockwise after it and the previous ones before it, wrapping around the feed's ends as a
/// ring does. Selecting a neighbour turns the ring. It is laid out in cells, with the engine's
/// `horizontalStretch` set to the cell aspect so that the circle and the boxes look round and
/// square. When even the smallest boxes would overlap (a tiny terminal), fewer are shown.
///
/// The engine (and `cascade layout`) puts position 0 at the bottom with positions turning
/// counter-clockwise on screen, as the classic demo does; the browser reads its ring like a
/// clock instead, the selected item at twelve o'clock and the next ones clockwise, so it maps
/// items to positions the other way round (`slot(ofItem:)`).
struct RingArrangement: Arrangement {
  var style: LayoutStyle { .ring }
  static let maximumShown = 12
  private var ring = RingLayout(
    configuration: .init(viewWidth: 1, viewHeight: 1, itemWidth: 1, itemHeight: 1),
    itemCount: 0)
  private var selected = 0
  private var itemCount = 0
  private var viewRows = 0
  /// How many boxes are on the ring.
  private(set) var shown = 0

  var scrollsVertically: Bool { false }
  var contentRows: Int { viewRows }

  mutating func layOut(_ feed: ArrangedFeed, in context: ArrangementContext, itemsChanged: Bool) {
    itemCount = feed.items.count
    viewRows = context.viewRows
    selected = min(selected, max(0, itemCount - 1))
    let (width, height) = (Double(context.screen.columns), Double(viewRows))
    let aspect = context.geometry.cellAspect
    var count = min(itemCount, Self.maximumShown)
    // One box too: alone it sits at the centre, as large as a ring's would be (it was left at
    // the fallback's one row, two cells wide, with no room for its picture or title).
    while count >= 1 {
      if let fitting = Self.ring(shown: count, width: width, height: height, aspect: aspect) {
        ring = fitting
        shown = count
        return
      }
      count -= 1
    }
    shown = count
    ring = Self.layout(shown: count, rows: 1, width: width, height: height, aspect: aspect)
  }

  /// The ring of `shown` boxes with the largest boxes whose cells neither overlap nor leave
  /// the view, or nil if not even the smallest fit.
  private static func ring(shown: Int, width: Double, height: Double, aspect: Double)
    -> RingLayout?
  {
    var rows = max(1, min((height / 3).rounded(.down), (width / 3 / aspect).rounded(.down)))
    while rows >= 1 {
      let layout = layout(shown: shown, rows: rows, width: width, height: height, aspect: aspect)
      if fits(layout) { return layout }
      rows -= 1
    }
    return nil
  }

  private static func layout(
    shown: Int, rows: Double, width: Double, height: Double, aspect: Double
  ) -> RingLayout {
    RingLayout(
      configuration: .init(
        viewWidth: width, viewHeight: height, itemWidth: max(2, (rows * aspect).rounded()),
        itemHeight: rows, horizontalStretch: aspect),
      itemCount: shown)
  }

  private static func fits(_ layout: RingLayout) -> Bool {
    let rects = (0..<layout.itemCount).compactMap { i in
      layout.frame(of: i).map { cells($0, in: layout.configuration) }
    }
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

  /// The box's cells: its size kept whole, so every box on the ring has the same size, and its
  /// offset from the centred box rounded half away from the centre, so boxes placed
  /// symmetrically (mirrored left and right, or top and bottom) stay symmetric in cells. The
  /// offset is first snapped to a millionth of a cell: sine and cosine of mirrored angles
  /// differ in their last bits.
  private static func cells(_ frame: Rect, in view: RingLayout.Configuration) -> CellRect {
    func whole(_ value: Double) -> Int {
      let v = ((value * 1e6).rounded() / 1e6).rounded()
      return v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0
    }
    let centredX = ((view.viewWidth - frame.width) / 2).rounded(.down)
    let centredY = ((view.viewHeight - frame.height) / 2).rounded(.down)
    return CellRect(
      row: Int(centredY) + whole(frame.minY - centredY),
      column: Int(centredX) + whole(frame.minX - centredX), width: whole(frame.width),
      height: whole(frame.height))
  }

  mutating func append(
    _ feed: ArrangedFeed, firstNew: Int, rows: [FullWidthRow], in context: ArrangementContext
  ) {
    let before = min(itemCount, Self.maximumShown)
    itemCount = feed.items.count
    if min(itemCount, Self.maximumShown) != before { layOut(feed, in: context, itemsChanged: true) }
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
    slot(ofItem: i).flatMap { ring.frame(of: $0) }.map { Self.cells($0, in: ring.configuration) }
  }

  func item(_ move: SelectionMove, from i: Int, itemCount: Int) -> Int? {
    guard itemCount > 1 else { return nil }
    switch move {
    case .left, .previous, .up: return (i - 1 + itemCount) % itemCount
    case .right, .next, .down: return (i + 1) % itemCount
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
