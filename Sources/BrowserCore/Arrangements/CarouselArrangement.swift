import LayoutEngine

/// The carousel: one horizontal row of square-looking boxes, each shrunk by its distance from
/// the centre of the view, scrolled sideways.
///
/// It is laid out in cells: a box `h` rows tall is `h · cellAspect` columns wide, so it looks
/// square. A step (`h` `l`) centres the neighbouring box at once; the wheel slides freely, and
/// `settle()` (called by the app when the wheel stops) snaps the nearest box to the centre.
struct CarouselArrangement: Arrangement {
  var style: LayoutStyle { .carousel }
  private var carousel = CarouselLayout(
    configuration: .init(viewWidth: 1, viewHeight: 1, itemWidth: 1, itemHeight: 1),
    itemCount: 0)
  /// The scroll offset in columns.
  private(set) var offset = 0.0
  private(set) var isSliding = false
  private var viewRows = 0

  var scrollsVertically: Bool { false }
  var contentRows: Int { viewRows }

  /// The columns between two boxes.
  static let spacing = 2.0

  mutating func layOut(_ feed: ArrangedFeed, in context: ArrangementContext, itemsChanged: Bool) {
    let kept = focus
    viewRows = context.viewRows
    let width = Double(context.screen.columns)
    let aspect = context.geometry.cellAspect
    // As tall as most of the view, but never wider than about half of it.
    let rows = max(1, min((Double(viewRows) * 0.7).rounded(.down), (width * 0.45 / aspect)))
    let side = max(1, rows.rounded(.down))
    carousel = CarouselLayout(
      configuration: .init(
        viewWidth: width, viewHeight: Double(viewRows),
        itemWidth: max(2, (side * aspect).rounded()),
        itemHeight: side, spacing: Self.spacing),
      itemCount: feed.items.count)
    isSliding = false
    focus(on: min(kept ?? 0, max(0, feed.items.count - 1)))
  }

  mutating func append(
    _ feed: ArrangedFeed, firstNew: Int, rows: [FullWidthRow], in context: ArrangementContext
  ) {
    carousel.itemCount = feed.items.count
  }

  func boxes(inRows rows: Range<Int>) -> [PlacedBox] {
    carousel.attributes(atOffset: offset).compactMap { attributes in
      let rect = cells(attributes.frame)
      guard rect.width > 0, rect.height > 0 else { return nil }
      return PlacedBox(content: .item(attributes.index), rect: rect)
    }
  }

  func cellRect(ofItem i: Int) -> CellRect? {
    guard let frame = carousel.frame(of: i) else { return nil }
    let scale = carousel.scale(of: i, offset: offset)
    let width = frame.width * scale
    let height = frame.height * scale
    return cells(
      Rect(
        x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2,
        width: width, height: height))
  }

  /// A frame in content columns and rows, as cells on screen; each edge is rounded on its own,
  /// so boxes that do not overlap do not overlap in cells.
  private func cells(_ frame: Rect) -> CellRect {
    let left = Int((frame.minX - offset).rounded())
    let right = Int((frame.maxX - offset).rounded())
    let top = Int(frame.minY.rounded())
    let bottom = Int(frame.maxY.rounded())
    return CellRect(row: top, column: left, width: right - left, height: bottom - top)
  }

  func item(_ move: SelectionMove, from i: Int, itemCount: Int) -> Int? {
    switch move {
    case .left, .previous, .up: i > 0 ? i - 1 : nil
    case .right, .next, .down: i + 1 < itemCount ? i + 1 : nil
    }
  }

  var focus: Int? { carousel.item(nearestCenterAt: offset) }

  mutating func focus(on i: Int) {
    offset = carousel.offset(centering: i) ?? 0
    isSliding = false
  }

  mutating func slide(by columns: Int) -> Bool {
    guard carousel.itemCount > 0 else { return false }
    let first = carousel.offset(centering: 0) ?? 0
    let last = carousel.offset(centering: carousel.itemCount - 1) ?? 0
    offset = max(first, min(last, offset + Double(columns)))
    isSliding = true
    return true
  }

  mutating func settle() -> Int? {
    offset = carousel.targetOffset(forProposed: offset)
    isSliding = false
    return focus
  }
}
