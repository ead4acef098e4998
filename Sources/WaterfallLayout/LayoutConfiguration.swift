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

  public init(
    columnCount: Int = 2,
    columnSpacing: Double = 0,
    rowSpacing: Double = 0,
    insets: EdgeInsets = .zero,
    containerWidth: Double
  ) {
    self.columnCount = columnCount
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.insets = insets
    self.containerWidth = containerWidth
  }

  /// The width of one column: `(W − left − right − (C − 1)·columnSpacing) / C`.
  ///
  /// Meaningful only for a configuration that passes `validate()`.
  public var itemWidth: Double {
    let c = Double(columnCount)
    return (containerWidth - insets.left - insets.right - (c - 1) * columnSpacing) / c
  }

  /// Checks every value; the error names the first one that is wrong and how to fix it.
  public func validate() throws(LayoutError) {
    guard columnCount >= 1 else { throw .columnCount(columnCount) }
    try Self.check(columnSpacing, "column spacing")
    try Self.check(rowSpacing, "row spacing")
    try Self.check(insets.top, "top inset")
    try Self.check(insets.left, "left inset")
    try Self.check(insets.bottom, "bottom inset")
    try Self.check(insets.right, "right inset")
    guard containerWidth.isFinite else { throw .containerWidth(containerWidth) }
    let width = itemWidth
    guard width.isFinite, width > 0 else {
      throw .itemWidth(width, containerWidth: containerWidth, columnCount: columnCount)
    }
  }

  private static func check(_ value: Double, _ name: String) throws(LayoutError) {
    guard value.isFinite, value >= 0 else { throw .negativeOrNonFinite(name, value) }
  }
}
