/// The pixel size of one picture; the engine only needs its aspect ratio.
public struct ItemSize: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// `height / width`, the factor from an item's laid-out width to its height.
  ///
  /// A size that gives no usable ratio (zero, negative, NaN or infinite) counts as square: the
  /// feed decoder skips such items, so this only keeps the engine total for other callers.
  public var aspectRatio: Double {
    let ratio = height / width
    return ratio.isFinite && ratio > 0 ? ratio : 1
  }
}
