/// The waterfall's placement rule, as state that carries over from one item to the next: each
/// item goes into the column whose bottom is lowest (the lowest index on a tie).
///
/// The same value places a full layout and, kept between calls, every appended page, which is
/// why an append gives exactly the frames of a full layout.
struct ShortestColumnPlacer: Sendable {
  /// The bottom of each column; `top` while a column is empty.
  private(set) var bottoms: [Double]
  /// Whether each column holds an item yet: the first item sits at `top`, later ones a row
  /// spacing below their predecessor. (A flag, not a per-column gap to add: the branch is
  /// predicted almost always, while a loaded gap would lengthen the loop's dependency chain.)
  private var started: [Bool]
  private let rowSpacing: Double
  private let itemWidth: Double

  init(_ configuration: LayoutConfiguration) {
    bottoms = Array(repeating: configuration.insets.top, count: configuration.columnCount)
    started = Array(repeating: false, count: configuration.columnCount)
    rowSpacing = configuration.rowSpacing
    itemWidth = configuration.itemWidth
  }

  /// Places the next item, whose height is `ratio` times the column width.
  mutating func place(ratio: Double) -> PlacedFrame {
    let (rowSpacing, itemWidth) = (self.rowSpacing, self.itemWidth)
    return bottoms.withUnsafeMutableBufferPointer { bottoms in
      started.withUnsafeMutableBufferPointer { started in
        Self.step(ratio, bottoms, started, rowSpacing, itemWidth)
      }
    }
  }

  /// Places one item per ratio, in order, writing frame `i` to `frames[i]`.
  ///
  /// The bulk path of `prepare()`: the column state is pinned once for the whole loop instead
  /// of once per item, which halves the cost of a full layout.
  mutating func placeAll(
    _ ratios: UnsafeBufferPointer<Double>, into frames: UnsafeMutableBufferPointer<PlacedFrame>
  ) {
    let (rowSpacing, itemWidth) = (self.rowSpacing, self.itemWidth)
    bottoms.withUnsafeMutableBufferPointer { bottoms in
      started.withUnsafeMutableBufferPointer { started in
        for i in ratios.indices {
          frames.initializeElement(
            at: i, to: Self.step(ratios[i], bottoms, started, rowSpacing, itemWidth))
        }
      }
    }
  }

  @inline(__always)
  private static func step(
    _ ratio: Double, _ bottoms: UnsafeMutableBufferPointer<Double>,
    _ started: UnsafeMutableBufferPointer<Bool>, _ rowSpacing: Double, _ itemWidth: Double
  ) -> PlacedFrame {
    var column = 0
    var lowest = bottoms[0]
    for c in 1..<bottoms.count where bottoms[c] < lowest {
      lowest = bottoms[c]
      column = c
    }
    let y = started[column] ? lowest + rowSpacing : lowest
    let height = itemWidth * ratio
    bottoms[column] = y + height
    started[column] = true
    return PlacedFrame(y: y, height: height, column: Int32(truncatingIfNeeded: column), span: 1)
  }
}
