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

  /// Whether no item so far starts above the one before it, which lets the rect index be the
  /// small `TopSortedIndex`. True for every shortest-column rule but for degenerate sizes
  /// (zero-height pictures); checked as items are placed, not assumed from the configuration.
  private(set) var topsInOrder = true
  private var lastTop = -Double.infinity

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
    let frame =
      encoded > 0 ? placePicture(ratio: encoded, index: index) : placeRow(height: -encoded)
    noteTop(frame.y)
    return frame
  }

  private mutating func noteTop(_ y: Double) {
    if !(y >= lastTop) { topsInOrder = false }
    lastTop = y
  }

  /// Places one item per stored value, in order, writing frame `i` to `frames[i]` and recording
  /// it in `checkpoints`.
  ///
  /// The plain waterfall runs its pictures through `SortedColumns` once every column holds an
  /// item (2 to 8 columns), or through a loop that pins the column state once for a whole run
  /// (more columns); the other styles, and the first items, go item by item.
  mutating func placeAll(
    _ encoded: UnsafeBufferPointer<Double>, into frames: UnsafeMutableBufferPointer<PlacedFrame>,
    recording checkpoints: inout ColumnCheckpoints
  ) {
    let sorted = isPlain && SortedColumns.columnRange.contains(bottoms.count)
    var i = 0
    while i < encoded.count {
      if sorted && encoded[i] > 0 && !started.contains(false) {
        let (rowSpacing, itemWidth) = (self.rowSpacing, self.itemWidth)
        let start = i
        i = checkpoints.recordingRun(upTo: encoded.count) { last, marks, tops in
          bottoms.withUnsafeMutableBufferPointer { bottoms in
            SortedColumns.place(
              encoded, from: start,
              into: SortedColumns.Output(frames: frames, last: last, marks: marks, tops: tops),
              bottoms: bottoms, rowSpacing: rowSpacing, itemWidth: itemWidth)
          }
        }
        // Within the run each top is the least column bottom so far, which never decreases.
        noteTop(frames[start].y)
        lastTop = frames[i - 1].y
      } else if isPlain && encoded[i] > 0 && !sorted {
        i = placeRun(encoded, from: i, into: frames, recording: &checkpoints)
      } else {
        let frame = place(encoded[i], index: i)
        frames.initializeElement(at: i, to: frame)
        checkpoints.record(frame, index: i)
        i += 1
      }
    }
  }

  /// Places pictures from `start` until a full-width row or the end, pinning the column state
  /// once for the run instead of once per item; returns the index it stopped at.
  private mutating func placeRun(
    _ encoded: UnsafeBufferPointer<Double>, from start: Int,
    into frames: UnsafeMutableBufferPointer<PlacedFrame>,
    recording checkpoints: inout ColumnCheckpoints
  ) -> Int {
    let (rowSpacing, itemWidth) = (self.rowSpacing, self.itemWidth)
    var (inOrder, lastTop) = (topsInOrder, self.lastTop)
    let end = bottoms.withUnsafeMutableBufferPointer { bottoms in
      started.withUnsafeMutableBufferPointer { started in
        var i = start
        while i < encoded.count, encoded[i] > 0 {
          let column = Self.shortest(UnsafeBufferPointer(bottoms))
          let frame = Self.stack(
            encoded[i], column, bottoms, started, rowSpacing: rowSpacing, width: itemWidth)
          frames.initializeElement(at: i, to: frame)
          checkpoints.record(frame, index: i)
          if !(frame.y >= lastTop) { inOrder = false }
          lastTop = frame.y
          i += 1
        }
        return i
      }
    }
    (topsInOrder, self.lastTop) = (inOrder, lastTop)
    return end
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
