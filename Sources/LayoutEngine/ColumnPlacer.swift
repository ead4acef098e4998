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
  private let decoration: Decoration
  private let columnSpacing: Double
  private let order: ColumnOrder
  private let tieTolerance: Double
  private let enlargement: Enlargement?
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
    decoration = configuration.decoration
    columnSpacing = configuration.columnSpacing
    order = configuration.order
    tieTolerance = configuration.tieTolerance
    enlargement = configuration.enlargement
  }

  /// Places every item of `encoded` from `start` on, in order, handing each frame to `run`.
  ///
  /// Every item goes through here, of a full layout and of an append alike, which is why an
  /// append gives exactly the frames of a full layout. The waterfall (with or without a tie
  /// tolerance) runs a loop of its own that pins the column state once for the whole run, its
  /// bottoms ranked in SIMD lanes for 2 to 8 columns (`RankedColumns`); the other styles go
  /// item by item through `place(_:index:)`.
  @inline(__always)
  mutating func place(
    _ encoded: UnsafeBufferPointer<Double>, from start: Int, into run: inout RectIndex.Run
  ) {
    guard order == .shortest, enlargement == nil else {
      for i in start..<encoded.count { run.append(place(encoded[i], index: i)) }
      return
    }
    let rules = Rules(
      rowSpacing: rowSpacing, pictureWidth: max(0, itemWidth - decoration.width),
      extra: decoration.height, tolerance: tieTolerance)
    bottoms.withUnsafeMutableBufferPointer { bottoms in
      started.withUnsafeMutableBufferPointer { started in
        switch bottoms.count {
        case 2: Self.waterfall(SIMD2<Double>.self, encoded, start, bottoms, started, rules, &run)
        case 3...4:
          Self.waterfall(SIMD4<Double>.self, encoded, start, bottoms, started, rules, &run)
        case 5...8:
          Self.waterfall(SIMD8<Double>.self, encoded, start, bottoms, started, rules, &run)
        default: Self.waterfall(encoded, start, bottoms, started, rules, &run)
        }
      }
    }
  }

  /// The spacing, widths and tolerance that the waterfall's loop reads for every item: a
  /// one-column box is `pictureWidth * ratio + extra` tall (`Decoration.boxHeight`).
  private typealias Rules = (
    rowSpacing: Double, pictureWidth: Double, extra: Double, tolerance: Double
  )

  /// The waterfall for up to `Lanes.scalarCount` columns: the columns are ranked by bottom
  /// (`RankedColumns`) while pictures follow one another, and go back to `bottoms` for the
  /// first item of each column and for a full-width row.
  @inline(__always)
  private static func waterfall<Lanes: ColumnLanes>(
    _: Lanes.Type, _ encoded: UnsafeBufferPointer<Double>, _ start: Int,
    _ bottoms: UnsafeMutableBufferPointer<Double>, _ started: UnsafeMutableBufferPointer<Bool>,
    _ rules: Rules, _ run: inout RectIndex.Run
  ) {
    var i = start
    while i < encoded.count {
      // Until every column holds an item, and for full-width rows, item by item.
      let value = encoded[i]
      guard value > 0, !started.contains(false) else {
        run.append(place(value, bottoms, started, rules))
        i += 1
        continue
      }
      var ranked = RankedColumns<Lanes>(bottoms)
      pictures(encoded, from: &i, rules, into: &run) { height in
        ranked.place(height: height, rowSpacing: rules.rowSpacing, tolerance: rules.tolerance)
      }
      ranked.store(into: bottoms)
    }
  }

  /// The waterfall for one column and for more than the lanes serve: the bottoms stay in
  /// `bottoms`.
  @inline(__always)
  private static func waterfall(
    _ encoded: UnsafeBufferPointer<Double>, _ start: Int,
    _ bottoms: UnsafeMutableBufferPointer<Double>, _ started: UnsafeMutableBufferPointer<Bool>,
    _ rules: Rules, _ run: inout RectIndex.Run
  ) {
    var i = start
    while i < encoded.count {
      // Until every column holds an item, and for full-width rows, item by item; after that no
      // picture until the next row asks whether its column is started.
      guard encoded[i] > 0, !started.contains(false) else {
        run.append(place(encoded[i], bottoms, started, rules))
        i += 1
        continue
      }
      pictures(encoded, from: &i, rules, into: &run) { height in
        let column = shortest(UnsafeBufferPointer(bottoms), within: rules.tolerance)
        let y = bottoms[column] + rules.rowSpacing
        bottoms[column] = y + height
        return (y, column)
      }
    }
  }

  /// Places the pictures from item `i` on, up to the next full-width row or the end, with
  /// `place` (which, given a picture's height, puts it in a column and returns its top and
  /// column), and advances `i` past them.
  @inline(__always)
  private static func pictures(
    _ encoded: UnsafeBufferPointer<Double>, from i: inout Int, _ rules: Rules,
    into run: inout RectIndex.Run, _ place: (_ height: Double) -> (y: Double, column: Int)
  ) {
    let (width, extra) = (rules.pictureWidth, rules.extra)
    while i < encoded.count, encoded[i] > 0 {
      run.write { extents, places, room, first, slots in
        let end = min(encoded.count, i + room)
        var k = 0
        while i < end, encoded[i] > 0 {
          // `extra` is added before the column is chosen: it lengthens no item's wait on the
          // item before it.
          let height = width * encoded[i] + extra
          let (y, column) = place(height)
          extents[k] = FrameStore.Extent(y: y, height: height)
          places[k] = FrameStore.place(column: column)
          let full = slots.add(first &+ Int32(truncatingIfNeeded: k), column: column)
          k += 1
          i += 1
          if full { break }
        }
        return k
      }
    }
  }

  /// One waterfall item, picture or full-width row, with the bottoms in `bottoms`: the first
  /// items and the rows, rare enough to be called, which leaves the hot loops small.
  @inline(never)
  private static func place(
    _ value: Double, _ bottoms: UnsafeMutableBufferPointer<Double>,
    _ started: UnsafeMutableBufferPointer<Bool>, _ rules: Rules
  ) -> PlacedFrame {
    guard value > 0 else {
      return row(height: -value, bottoms, started, rowSpacing: rules.rowSpacing)
    }
    let column = shortest(UnsafeBufferPointer(bottoms), within: rules.tolerance)
    return stack(
      value, column, bottoms, started, rowSpacing: rules.rowSpacing, width: rules.pictureWidth,
      extra: rules.extra)
  }

  /// Places item `index`, stored as `LayoutItem.encoded`.
  private mutating func place(_ encoded: Double, index: Int) -> PlacedFrame {
    if encoded > 0 { return placePicture(ratio: encoded, index: index) }
    sinceRow = 0
    return bottoms.withUnsafeMutableBufferPointer { bottoms in
      started.withUnsafeMutableBufferPointer { started in
        Self.row(height: -encoded, bottoms, started, rowSpacing: rowSpacing)
      }
    }
  }

  // MARK: The rules

  private mutating func placePicture(ratio: Double, index: Int) -> PlacedFrame {
    let column = chooseColumn()
    sinceRow += 1
    let (rowSpacing, itemWidth, decoration) = (self.rowSpacing, self.itemWidth, self.decoration)
    guard let enlargement else {
      return bottoms.withUnsafeMutableBufferPointer { bottoms in
        started.withUnsafeMutableBufferPointer { started in
          Self.stack(
            ratio, column, bottoms, started, rowSpacing: rowSpacing,
            width: max(0, itemWidth - decoration.width), extra: decoration.height)
        }
      }
    }
    let y = started[column] ? bottoms[column] + rowSpacing : bottoms[column]
    let next = column + 1
    if next < bottoms.count, normalsSinceEnlargement >= 1, bottoms[column] == bottoms[next],
      column != lastEnlargedColumn, enlargement.draw(index) < enlargement.probability
    {
      let height = decoration.boxHeight(width: 2 * itemWidth + columnSpacing, ratio: ratio)
      bottoms[column] = y + height
      bottoms[next] = y + height
      started[column] = true
      started[next] = true
      normalsSinceEnlargement = 0
      lastEnlargedColumn = column
      return PlacedFrame(y: y, height: height, column: Int32(column), span: 2)
    }
    var height = decoration.boxHeight(width: itemWidth, ratio: ratio)
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
  @inline(__always)
  private static func row(
    height: Double, _ bottoms: UnsafeMutableBufferPointer<Double>,
    _ started: UnsafeMutableBufferPointer<Bool>, rowSpacing: Double
  ) -> PlacedFrame {
    var y = bottoms[0]
    for c in bottoms.indices { y = max(y, started[c] ? bottoms[c] + rowSpacing : bottoms[c]) }
    for c in bottoms.indices {
      bottoms[c] = y + height
      started[c] = true
    }
    return PlacedFrame(y: y, height: height, column: 0, span: Int32(bottoms.count))
  }

  private func chooseColumn() -> Int {
    switch order {
    case .leftToRight: return sinceRow % bottoms.count
    case .rightToLeft: return bottoms.count - 1 - sinceRow % bottoms.count
    case .shortest:
      return bottoms.withUnsafeBufferPointer { Self.shortest($0, within: tieTolerance) }
    }
  }

  /// The leftmost column whose bottom is within `tolerance` of the lowest: with 0, the column
  /// whose bottom is lowest, the lowest index on a tie. Near-ties keep reading order instead of
  /// zig-zagging.
  ///
  /// Each item's choice waits on the bottom the item before it changed, so this is the loop's
  /// critical path, and it is written to be short: no branch that depends on the bottoms (which
  /// column wins changes from item to item in no pattern a predictor could learn), the lowest
  /// bottom taken over four lanes instead of one long chain of comparisons, and the columns
  /// within the tolerance marked in a bit mask whose lowest set bit is the answer.
  @inline(__always)
  private static func shortest(_ bottoms: UnsafeBufferPointer<Double>, within tolerance: Double)
    -> Int
  {
    let n = bottoms.count
    // One column: nothing to compare (and a predicted branch, where the lanes below were a
    // chain of loads on every item).
    guard n > 1 else { return 0 }
    var l0 = bottoms[0]
    var l1 = bottoms[1]
    var l2 = bottoms[n > 2 ? 2 : 0]
    var l3 = bottoms[n > 3 ? 3 : 0]
    var c = 4
    while c + 4 <= n {
      l0 = min(l0, bottoms[c])
      l1 = min(l1, bottoms[c + 1])
      l2 = min(l2, bottoms[c + 2])
      l3 = min(l3, bottoms[c + 3])
      c += 4
    }
    if c < n { l0 = min(l0, bottoms[c]) }
    if c + 1 < n { l1 = min(l1, bottoms[c + 1]) }
    if c + 2 < n { l2 = min(l2, bottoms[c + 2]) }
    let limit = min(min(l0, l1), min(l2, l3)) + tolerance
    guard n <= 64 else {
      for c in 0..<n where bottoms[c] <= limit { return c }
      return 0
    }
    var within: UInt64 = 0
    for c in 0..<n { within |= (bottoms[c] <= limit ? 1 : 0) << UInt64(c) }
    // Empty only if a bottom were NaN, which no finite size makes.
    return within == 0 ? 0 : within.trailingZeroBitCount
  }

  /// Stacks a one-column picture at the bottom of `column`.
  @inline(__always)
  private static func stack(
    _ ratio: Double, _ column: Int, _ bottoms: UnsafeMutableBufferPointer<Double>,
    _ started: UnsafeMutableBufferPointer<Bool>, rowSpacing: Double, width: Double, extra: Double
  ) -> PlacedFrame {
    let y = started[column] ? bottoms[column] + rowSpacing : bottoms[column]
    let height = width * ratio + extra
    bottoms[column] = y + height
    started[column] = true
    return PlacedFrame(y: y, height: height, column: Int32(truncatingIfNeeded: column), span: 1)
  }
}
