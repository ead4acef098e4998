/// The rect index for layouts whose item tops can go up in item order (reading order, a tie
/// tolerance): per column, its items top to bottom with their bottoms beside them, so a query
/// costs O(C·log n + k log k).
///
/// Items in one column never overlap and each is placed below the ones before it, so a column's
/// list of items is sorted by `y` and by index at once. A query binary-searches each column the
/// rect crosses for the first item that reaches below the rect's top — over a contiguous array
/// of bottoms, so the search touches few cache lines — walks down until items start below the
/// rect's bottom, and merges the columns back into item order. An item spanning several columns
/// is listed in each of them and reported once.
///
/// This beats the chunked union rects of CHTCollectionViewWaterfallLayout (still linear in
/// n / chunk) and needs no rebalancing like an interval tree, because appends only ever add to
/// the bottom of a column.
struct ColumnStacks: Sendable {
  /// One column's items, top to bottom, with their bottoms kept beside them so that a query
  /// reads contiguous memory and touches `frames` for at most one item per column.
  struct Stack: Sendable {
    /// Entries per block of the summary.
    static let block = 32

    var items: [Int32] = []
    var bottoms: [Double] = []
    /// The bottom of the last entry of every complete block of `block` entries: a search looks
    /// here first (a few KiB that stay in cache), then inside one block, instead of walking a
    /// binary search through megabytes of `bottoms` with a cache miss at every step.
    var summary: [Double] = []

    init() {}

    init(items: [Int32], bottoms: [Double]) {
      self.items = items
      self.bottoms = bottoms
      summary = stride(from: Self.block - 1, to: bottoms.count, by: Self.block).map { bottoms[$0] }
    }

    mutating func append(_ item: Int32, bottom: Double) {
      items.append(item)
      bottoms.append(bottom)
      if bottoms.count % Self.block == 0 { summary.append(bottom) }
    }

    /// The position of the first entry whose bottom lies below `y`, strictly.
    func firstIndex(below y: Double) -> Int {
      let blockIndex = Self.search(summary, 0, summary.count, y)
      let start = blockIndex * Self.block
      return Self.search(bottoms, start, min(bottoms.count, start + Self.block), y)
    }

    /// The first position in `low..<high` of the ascending `values` that lies below `y`.
    private static func search(_ values: [Double], _ low: Int, _ high: Int, _ y: Double) -> Int {
      values.withUnsafeBufferPointer { b in
        var low = low
        var high = high
        while low < high {
          let mid = (low + high) / 2
          if b[mid] > y {
            high = mid
          } else {
            low = mid + 1
          }
        }
        return low
      }
    }
  }

  private var stacks: [Stack]
  /// Whether any item spans several columns; until one does, the query can decide overlaps
  /// from the stacks alone.
  private var hasSpans = false

  /// Indexes frames laid out for `columnCount` columns, in item order.
  /// - Complexity: O(n).
  init(frames: UnsafeBufferPointer<PlacedFrame>, columnCount: Int) {
    hasSpans = frames.contains { $0.span != 1 }
    // A counting sort into one flat pair of arrays, then one copy per column: much cheaper than
    // growing C pairs of nested arrays item by item.
    var starts = Array(repeating: 0, count: columnCount + 1)
    for frame in frames {
      for c in Int(frame.column)..<Int(frame.column + frame.span) { starts[c + 1] += 1 }
    }
    for c in 0..<columnCount { starts[c + 1] += starts[c] }
    let total = starts[columnCount]
    var cursors = starts
    var flatItems = [Int32](repeating: 0, count: total)
    var flatBottoms = [Double](repeating: 0, count: total)
    flatItems.withUnsafeMutableBufferPointer { items in
      flatBottoms.withUnsafeMutableBufferPointer { bottoms in
        cursors.withUnsafeMutableBufferPointer { cursors in
          for i in frames.indices {
            let frame = frames[i]
            for c in Int(frame.column)..<Int(frame.column + frame.span) {
              let at = cursors[c]
              items[at] = Int32(truncatingIfNeeded: i)
              bottoms[at] = frame.maxY
              cursors[c] = at + 1
            }
          }
        }
      }
    }
    stacks = (0..<columnCount).map { c in
      let range = starts[c]..<starts[c + 1]
      return Stack(items: Array(flatItems[range]), bottoms: Array(flatBottoms[range]))
    }
  }

  /// Records item `index`, which must be the next one.
  mutating func append(_ frame: PlacedFrame, index: Int) {
    if frame.span != 1 { hasSpans = true }
    for c in Int(frame.column)..<Int(frame.column + frame.span) {
      stacks[c].append(Int32(truncatingIfNeeded: index), bottom: frame.maxY)
    }
  }

  /// The indices of the items whose frames overlap `rect`, in ascending order.
  func indices(
    overlapping rect: Rect, frames: UnsafeBufferPointer<PlacedFrame>, geometry: ColumnGeometry
  ) -> [Int] {
    var found: [Int] = []
    var columnsHit = 0
    for c in geometry.columns(crossing: rect) where c < stacks.count {
      let stack = stacks[c]
      var i = stack.firstIndex(below: rect.minY)
      var hit = false
      // Every entry from here on reaches below the rect's top. An entry starts at or below the
      // bottom of the one before it, so the walk can stop as soon as that bottom is past the
      // rect; until then only the entry whose own bottom is past the rect needs its frame to
      // tell where it starts, and only spanning items need theirs for the x extent.
      let columnX = geometry.x(ofColumn: c)
      let columnOverlaps = columnX < rect.maxX && rect.minX < columnX + geometry.itemWidth
      let first = i
      while i < stack.items.count, i == first || stack.bottoms[i - 1] < rect.maxY {
        let item = Int(stack.items[i])
        let overlaps: Bool
        if stack.bottoms[i] < rect.maxY && !hasSpans {
          overlaps = columnOverlaps
        } else {
          overlaps = geometry.rect(frames[item]).overlaps(rect)
        }
        if overlaps {
          found.append(item)
          hit = true
        }
        i += 1
      }
      if hit { columnsHit += 1 }
    }
    if columnsHit > 1 { found.sortAndRemoveDuplicates() }
    return found
  }
}
