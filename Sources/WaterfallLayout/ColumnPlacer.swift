/// The placement rules of the column layouts, as state that carries over from one item to the
/// next: the waterfall (each item into the shortest column), reading order (`i mod C`), the
/// irregular waterfall (occasional two-column items, heights nudged so tops line up), and
/// full-width rows across all columns.
///
/// The same value places a full layout and, kept between calls, every appended page, which is
/// why an append gives exactly the frames of a full layout.
struct ColumnPlacer: Sendable {
  /// The bottom of each column; `top` while a column is empty.
  private(set) var bottoms: [Double]
  /// Whether each column holds an item yet: the first item sits at `top`, later ones a row
  /// spacing below their predecessor. (A flag, not a per-column gap to add: the branch is
  /// predicted almost always, while a loaded gap would lengthen the loop's dependency chain.)
  private var started: [Bool]
  private let rowSpacing: Double
  private let itemWidth: Double
  private let columnSpacing: Double
  private let order: ColumnOrder
  private let tieTolerance: Double
  private let enlargement: Enlargement?
  /// The plain waterfall, which has a loop of its own.
  private let isPlain: Bool

  /// Pictures placed since the last full-width row: the reading-order column counter.
  private var sinceRow = 0
  /// The irregular style's memory: normal items since the last enlargement, and its column.
  private var normalsSinceEnlargement = 0
  private var lastEnlargedColumn: Int?

  init(_ configuration: LayoutConfiguration) {
    bottoms = Array(repeating: configuration.insets.top, count: configuration.columnCount)
    started = Array(repeating: false, count: configuration.columnCount)
    rowSpacing = configuration.rowSpacing
    itemWidth = configuration.itemWidth
    columnSpacing = configuration.columnSpacing
    order = configuration.order
    tieTolerance = configuration.tieTolerance
    enlargement = configuration.enlargement
    isPlain = order == .shortest && tieTolerance == 0 && enlargement == nil
  }

  /// Places item `index`, stored as `LayoutItem.encoded`.
  mutating func place(_ encoded: Double, index: Int) -> PlacedFrame {
    encoded > 0 ? placePicture(ratio: encoded, index: index) : placeRow(height: -encoded)
  }

  /// Places one item per stored value, in order, writing frame `i` to `frames[i]`.
  ///
  /// The plain waterfall runs its pictures through `SortedColumns` once every column holds an
  /// item (2 to 8 columns), or through a loop that pins the column state once for a whole run
  /// (more columns); the other styles, and the first items, go item by item.
  mutating func placeAll(
    _ encoded: UnsafeBufferPointer<Double>, into frames: UnsafeMutableBufferPointer<PlacedFrame>
  ) {
    guard isPlain else {
      for i in encoded.indices { frames.initializeElement(at: i, to: place(encoded[i], index: i)) }
      return
    }
    let sorted = SortedColumns.columnRange.contains(bottoms.count)
    var i = 0
    while i < encoded.count {
      if encoded[i] <= 0 {
        frames.initializeElement(at: i, to: placeRow(height: -encoded[i]))
        i += 1
      } else if sorted && !started.contains(false) {
        let (rowSpacing, itemWidth) = (self.rowSpacing, self.itemWidth)
        i = bottoms.withUnsafeMutableBufferPointer { bottoms in
          SortedColumns.place(
            encoded, from: i, into: frames, bottoms: bottoms, rowSpacing: rowSpacing,
            itemWidth: itemWidth)
        }
      } else if sorted {
        frames.initializeElement(at: i, to: placePicture(ratio: encoded[i], index: i))
        i += 1
      } else {
        i = placeRun(encoded, from: i, into: frames)
      }
    }
  }

  /// Places pictures from `start` until a full-width row or the end, pinning the column state
  /// once for the run instead of once per item; returns the index it stopped at.
  private mutating func placeRun(
    _ encoded: UnsafeBufferPointer<Double>, from start: Int,
    into frames: UnsafeMutableBufferPointer<PlacedFrame>
  ) -> Int {
    let (rowSpacing, itemWidth) = (self.rowSpacing, self.itemWidth)
    return bottoms.withUnsafeMutableBufferPointer { bottoms in
      started.withUnsafeMutableBufferPointer { started in
        var i = start
        while i < encoded.count, encoded[i] > 0 {
          let column = Self.shortest(UnsafeBufferPointer(bottoms))
          let frame = Self.stack(
            encoded[i], column, bottoms, started, rowSpacing: rowSpacing, width: itemWidth)
          frames.initializeElement(at: i, to: frame)
          i += 1
        }
        return i
      }
    }
  }

  // MARK: The rules

  private mutating func placePicture(ratio: Double, index: Int) -> PlacedFrame {
    let column = chooseColumn()
    sinceRow += 1
    let (rowSpacing, itemWidth) = (self.rowSpacing, self.itemWidth)
    guard let enlargement else {
      return bottoms.withUnsafeMutableBufferPointer { bottoms in
        started.withUnsafeMutableBufferPointer { started in
          Self.stack(ratio, column, bottoms, started, rowSpacing: rowSpacing, width: itemWidth)
        }
      }
    }
    let y = started[column] ? bottoms[column] + rowSpacing : bottoms[column]
    let next = column + 1
    if next < bottoms.count, normalsSinceEnlargement >= 1, bottoms[column] == bottoms[next],
      column != lastEnlargedColumn, enlargement.draw(index) < enlargement.probability
    {
      let width = 2 * itemWidth + columnSpacing
      let height = width * ratio
      bottoms[column] = y + height
      bottoms[next] = y + height
      started[column] = true
      started[next] = true
      normalsSinceEnlargement = 0
      lastEnlargedColumn = column
      return PlacedFrame(y: y, height: height, column: Int32(column), span: 2)
    }
    var height = itemWidth * ratio
    if next < bottoms.count, abs(y + height - bottoms[next]) < 0.2 * height {
      height = bottoms[next] - y
    } else if column >= 1, abs(y + height - bottoms[column - 1]) < 0.2 * height {
      height = bottoms[column - 1] - y
    }
    bottoms[column] = y + height
    started[column] = true
    normalsSinceEnlargement += 1
    return PlacedFrame(y: y, height: height, column: Int32(column), span: 1)
  }

  /// A full-width row: below every column, and every column's bottom afterwards.
  private mutating func placeRow(height: Double) -> PlacedFrame {
    var y = bottoms[0]
    for c in bottoms.indices { y = max(y, started[c] ? bottoms[c] + rowSpacing : bottoms[c]) }
    for c in bottoms.indices {
      bottoms[c] = y + height
      started[c] = true
    }
    sinceRow = 0
    return PlacedFrame(y: y, height: height, column: 0, span: Int32(bottoms.count))
  }

  private func chooseColumn() -> Int {
    switch order {
    case .leftToRight: return sinceRow % bottoms.count
    case .rightToLeft: return bottoms.count - 1 - sinceRow % bottoms.count
    case .shortest:
      let column = bottoms.withUnsafeBufferPointer { Self.shortest($0) }
      guard tieTolerance > 0 else { return column }
      // Near-ties keep reading order: the leftmost column within the tolerance wins.
      let limit = bottoms[column] + tieTolerance
      return bottoms.firstIndex { $0 <= limit } ?? column
    }
  }

  /// The column whose bottom is lowest; the lowest index on a tie.
  @inline(__always)
  private static func shortest(_ bottoms: UnsafeBufferPointer<Double>) -> Int {
    var column = 0
    var lowest = bottoms[0]
    for c in 1..<bottoms.count where bottoms[c] < lowest {
      lowest = bottoms[c]
      column = c
    }
    return column
  }

  /// Stacks a one-column picture at the bottom of `column`.
  @inline(__always)
  private static func stack(
    _ ratio: Double, _ column: Int, _ bottoms: UnsafeMutableBufferPointer<Double>,
    _ started: UnsafeMutableBufferPointer<Bool>, rowSpacing: Double, width: Double
  ) -> PlacedFrame {
    let y = started[column] ? bottoms[column] + rowSpacing : bottoms[column]
    let height = width * ratio
    bottoms[column] = y + height
    started[column] = true
    return PlacedFrame(y: y, height: height, column: Int32(truncatingIfNeeded: column), span: 1)
  }
}
