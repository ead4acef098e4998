/// The rect index of a column layout: per column, its items top to bottom, so a query costs
/// O(C·log n + k log k) whatever order the tops come in (reading order and a tie tolerance let
/// an item start above the one before it).
///
/// Items in one column never overlap and each is placed below the ones before it, so a column's
/// list of items is sorted by `y` and by index at once. A query binary-searches each column the
/// rect crosses for the first item that reaches below the rect's top, walks down until items
/// start below the rect's bottom, and merges the columns back into item order. An item spanning
/// several columns is listed in each of them and reported once.
///
/// A column lists item numbers only (4 bytes an item); the bottoms come from the frames. To keep
/// a search from walking megabytes of frames with a cache miss at every step, each column also
/// keeps the bottom of every 32nd entry, a summary of a few KiB that stays in cache: a search
/// looks there first, then at most five frames inside one block.
///
/// This beats the chunked union rects of CHTCollectionViewWaterfallLayout (still linear in
/// n / chunk) and needs no rebalancing like an interval tree, because items only ever go to
/// the bottom of a column.
struct ColumnStacks: Sendable {
  /// One column's items, top to bottom.
  struct Stack: Sendable {
    /// Entries per block of the summary.
    static let block = 32

    var items: [Int32] = []
    /// The bottom of the last entry of every complete block of `block` entries.
    var summary: [Double] = []

    /// Adds `added` to the end, and to the summary the bottom of every block they complete.
    mutating func append(
      _ added: UnsafeBufferPointer<Int32>, frames: FrameStore.View
    ) {
      let old = items.count
      items.append(contentsOf: added)
      var end = (old / Self.block + 1) * Self.block
      while end <= items.count {
        summary.append(frames.extents[Int(items[end - 1])].maxY)
        end += Self.block
      }
    }

    /// The position of the first entry whose bottom lies below `y`, strictly.
    func firstIndex(below y: Double, frames: FrameStore.View) -> Int {
      let blockIndex = summary.withUnsafeBufferPointer { summary in
        Self.search(0, summary.count, y) { summary[$0] }
      }
      let start = blockIndex * Self.block
      return items.withUnsafeBufferPointer { items in
        Self.search(start, min(items.count, start + Self.block), y) {
          frames.extents[Int(items[$0])].maxY
        }
      }
    }

    /// The first position in `low..<high` whose value, ascending with the position, lies below
    /// `y`.
    @inline(__always)
    private static func search(
      _ low: Int, _ high: Int, _ y: Double, _ value: (Int) -> Double
    ) -> Int {
      var low = low
      var high = high
      while low < high {
        let mid = (low + high) / 2
        if value(mid) > y {
          high = mid
        } else {
          low = mid + 1
        }
      }
      return low
    }
  }

  private var stacks: [Stack]
  /// Whether any item spans several columns; until one does, the query can decide overlaps
  /// from a column's place alone for every item but the last it looks at.
  private var hasSpans = false

  var columnCount: Int { stacks.count }

  /// Empty stacks for `columnCount` columns, each with room for about `expected` items spread
  /// over them, so that a full layout does not grow them step by step.
  init(columnCount: Int, expected: Int = 0) {
    let share = columnCount > 0 ? expected / columnCount + expected / (4 * columnCount) : 0
    stacks = (0..<columnCount).map { _ in
      var stack = Stack()
      stack.items.reserveCapacity(share)
      return stack
    }
  }

  /// Room for about `expected` items in all, spread over the columns.
  mutating func reserve(_ expected: Int) {
    let share = stacks.isEmpty ? 0 : expected / stacks.count + expected / (4 * stacks.count)
    for column in stacks.indices { stacks[column].items.reserveCapacity(share) }
  }

  /// Moves the items staged for `column` into its stack; `frames` must hold every one of them.
  mutating func flush(
    _ staging: inout Staging, column: Int, frames: FrameStore.View
  ) {
    let count = staging.fills[column]
    guard count > 0 else { return }
    let slots = UnsafeBufferPointer(start: staging.slots(of: column), count: count)
    stacks[column].append(slots, frames: frames)
    staging.fills[column] = 0
  }

  /// Moves every staged item into the stacks; `frames` must hold every one of them.
  mutating func flush(_ staging: inout Staging, frames: FrameStore.View) {
    if staging.sawSpan { hasSpans = true }
    for column in 0..<staging.columnCount { flush(&staging, column: column, frames: frames) }
  }

  /// The indices of the items whose frames overlap `rect`, in ascending order.
  func indices(
    overlapping rect: Rect, frames: FrameStore.View, geometry: ColumnGeometry
  ) -> [Int] {
    var found: [Int] = []
    var columnsHit = 0
    for c in geometry.columns(crossing: rect) where c < stacks.count {
      let stack = stacks[c]
      var i = stack.firstIndex(below: rect.minY, frames: frames)
      var hit = false
      // Every entry from here on reaches below the rect's top. An entry starts at or below the
      // bottom of the one before it, so the walk can stop as soon as that bottom is past the
      // rect; until then only the entry whose own bottom is past the rect needs its top looked
      // at, and only spanning items need their x extent.
      let columnX = geometry.x(ofColumn: c)
      let columnOverlaps = columnX < rect.maxX && rect.minX < columnX + geometry.itemWidth
      var previousBottom = -Double.infinity
      while i < stack.items.count, previousBottom < rect.maxY {
        let item = Int(stack.items[i])
        let frame = frames[item]
        let overlaps: Bool
        if frame.maxY < rect.maxY && !hasSpans {
          overlaps = columnOverlaps
        } else {
          overlaps = geometry.rect(frame).overlaps(rect)
        }
        if overlaps {
          found.append(item)
          hit = true
        }
        previousBottom = frame.maxY
        i += 1
      }
      if hit { columnsHit += 1 }
    }
    if columnsHit > 1 { found.sortAndRemoveDuplicates() }
    return found
  }
}
