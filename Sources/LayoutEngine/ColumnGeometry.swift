/// The horizontal grid of a column layout: where each column starts and how wide spans are.
struct ColumnGeometry: Hashable, Sendable {
  var left: Double
  var itemWidth: Double
  var columnSpacing: Double
  var columnCount: Int

  init(_ configuration: LayoutConfiguration) {
    left = configuration.insets.left
    itemWidth = configuration.itemWidth
    columnSpacing = configuration.columnSpacing
    columnCount = configuration.columnCount
  }

  /// `left + column·(w + columnSpacing)`.
  @inline(__always)
  func x(ofColumn column: Int) -> Double {
    left + Double(column) * (itemWidth + columnSpacing)
  }

  /// The width of an item spanning `span` columns, the gaps between them included.
  @inline(__always)
  func width(ofSpan span: Int) -> Double {
    span == 1 ? itemWidth : Double(span) * itemWidth + Double(span - 1) * columnSpacing
  }

  @inline(__always)
  func rect(_ placed: PlacedFrame) -> Rect {
    Rect(
      x: x(ofColumn: Int(placed.column)), y: placed.y,
      width: width(ofSpan: Int(placed.span)), height: placed.height)
  }

  /// The columns that an item overlapping `rect` can start in or cross: each column owns its own
  /// width and the gap after it, so an item spanning a gap is still found when `rect` lies in it.
  func columns(crossing rect: Rect) -> Range<Int> {
    guard columnCount > 0 else { return 0..<0 }
    let pitch = itemWidth + columnSpacing
    guard pitch > 0, rect.minX.isFinite || rect.maxX.isFinite else { return 0..<columnCount }
    let first = ((rect.minX - left) / pitch).rounded(.down) - 1
    let last = ((rect.maxX - left) / pitch).rounded(.down) + 1
    let lower = first.isFinite ? Int(max(0, min(Double(columnCount), first))) : 0
    let upper = last.isFinite ? Int(max(0, min(Double(columnCount - 1), last))) + 1 : columnCount
    return lower < upper ? lower..<upper : 0..<0
  }
}
