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
  @inlinable
  public var aspectRatio: Double {
    // Written as two selects, not `isFinite && > 0`, so that a loop over many sizes vectorises:
    // the division is the dearest step of loading a feed into the engine. NaN fails both tests.
    let ratio = height / width
    let finite = ratio < .infinity ? ratio : 1
    return finite > 0 ? finite : 1
  }
}
