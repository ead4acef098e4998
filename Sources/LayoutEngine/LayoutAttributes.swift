/// Where one item is laid out, as `UICollectionViewLayoutAttributes` would say.
public struct LayoutAttributes: Hashable, Sendable {
  /// The item's position in the feed.
  public var index: Int
  public var frame: Rect
  /// The leftmost column the item occupies.
  public var column: Int
  /// How many columns it spans (1 for the plain waterfall).
  public var span: Int
  /// How much the carousel shrank the box around its centre (1 everywhere else); `frame` is
  /// already the shrunk one.
  public var scale: Double

  public init(index: Int, frame: Rect, column: Int, span: Int = 1, scale: Double = 1) {
    self.index = index
    self.frame = frame
    self.column = column
    self.span = span
    self.scale = scale
  }
}
