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
    // Written as two selects, not `isFinite && > 0`, so that `aspectRatios` vectorises: the
    // division is the dearest step of loading a feed into the engine. NaN fails both tests.
    let ratio = height / width
    let finite = ratio < .infinity ? ratio : 1
    return finite > 0 ? finite : 1
  }

  /// Every item's `aspectRatio`, in one loop the compiler turns into two divisions at a time
  /// (four with AVX2).
  static func aspectRatios(_ items: [ItemSize]) -> [Double] {
    // An empty `unsafeUninitializedCapacity` array writes to the shared empty-array storage,
    // which the thread sanitizer reports as a race between two threads that lay out nothing.
    guard !items.isEmpty else { return [] }
    return items.withUnsafeBufferPointer { items in
      [Double](unsafeUninitializedCapacity: items.count) { ratios, count in
        if !AVX2Kernels.aspectRatios(items, into: ratios) {
          for i in items.indices { ratios.initializeElement(at: i, to: items[i].aspectRatio) }
        }
        count = items.count
      }
    }
  }
}
