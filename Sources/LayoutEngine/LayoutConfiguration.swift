/// What a waterfall is laid out for: the columns, the gaps and the width of the container.
///
/// A value type so that a front end can build one, check it with `validate()`, and hand it to the
/// layout in one step; the layout compares old and new values to decide whether to invalidate.
public struct LayoutConfiguration: Hashable, Sendable {
  /// How many columns; at least 1.
  public var columnCount: Int
  /// The horizontal gap between neighbouring columns.
  public var columnSpacing: Double
  /// The vertical gap between an item and the next one in its column.
  public var rowSpacing: Double
  /// Free space around all items.
  public var insets: EdgeInsets
  /// The width of the container the items are laid out in, insets included.
  public var containerWidth: Double
  /// Which column each picture goes to.
  public var order: ColumnOrder
  /// Columns whose bottom is within this distance of the shortest count as tied, and the
  /// leftmost of them wins, so near-ties keep reading order instead of zig-zagging. 0 keeps the
  /// waterfall's contract exact.
  public var tieTolerance: Double
  /// Set for the irregular waterfall, nil for the plain one.
  public var enlargement: Enlargement?
  /// What each picture's box adds around the picture (a border, a caption): a box's height is
  /// its picture's at the box's width less `decoration.width`, plus `decoration.height`.
  public var decoration: Decoration

  public init(
    columnCount: Int = 2,
    columnSpacing: Double = 0,
    rowSpacing: Double = 0,
    insets: EdgeInsets = .zero,
    containerWidth: Double,
    order: ColumnOrder = .shortest,
    tieTolerance: Double = 0,
    enlargement: Enlargement? = nil,
    decoration: Decoration = .none
  ) {
    self.columnCount = columnCount
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.insets = insets
    self.containerWidth = containerWidth
    self.order = order
    self.tieTolerance = tieTolerance
    self.enlargement = enlargement
    self.decoration = decoration
  }

  /// The width of one column: `(W − left − right − (C − 1)·columnSpacing) / C`.
  ///
  /// Meaningful only for a configuration that passes `validate()`.
  public var itemWidth: Double {
    let c = Double(columnCount)
    return (containerWidth - insets.left - insets.right - (c - 1) * columnSpacing) / c
  }

  /// The most columns a layout may have (16,384: far more than any screen shows; the index
  /// keeps an item's column in 14 bits).
  public static let maxColumnCount = FrameStore.maxColumns

  /// Checks every value; the error names the first one that is wrong and how to fix it.
  public func validate() throws(LayoutError) {
    guard columnCount >= 1, columnCount <= Self.maxColumnCount else {
      throw .columnCount(columnCount)
    }
    try Self.check(columnSpacing, "column spacing")
    try Self.check(rowSpacing, "row spacing")
    try Self.check(insets.top, "top inset")
    try Self.check(insets.left, "left inset")
    try Self.check(insets.bottom, "bottom inset")
    try Self.check(insets.right, "right inset")
    try Self.check(tieTolerance, "tie tolerance")
    try Self.check(decoration.width, "decoration width")
    try Self.check(decoration.height, "decoration height")
    if let enlargement {
      guard enlargement.probability >= 0, enlargement.probability <= 1 else {
        throw .enlargementProbability(enlargement.probability)
      }
    }
    guard containerWidth.isFinite else { throw .containerWidth(containerWidth) }
    let width = itemWidth
    guard width.isFinite, width > 0 else {
      throw .itemWidth(width, containerWidth: containerWidth, columnCount: columnCount)
    }
  }

  /// The most columns of `columnWidth` that fit in `containerWidth` with these insets and this
  /// spacing, and at least 1: the column count of a fixed-column-width layout, which follows
  /// the container's width on a resize.
  public static func columnCount(
    fitting columnWidth: Double, containerWidth: Double, columnSpacing: Double,
    insets: EdgeInsets
  ) -> Int {
    let room = containerWidth - insets.left - insets.right + columnSpacing
    let count = (room / (columnWidth + columnSpacing)).rounded(.down)
    guard count.isFinite, count >= 1 else { return 1 }
    return Int(min(count, 10_000))
  }

  private static func check(_ value: Double, _ name: String) throws(LayoutError) {
    guard value.isFinite, value >= 0 else { throw .negativeOrNonFinite(name, value) }
  }
}
