/// The rect index of a layout whose item tops never go up in item order: every shortest-column
/// layout (plain, irregular, with full-width rows), where each item starts at the lowest column
/// bottom, which only ever grows.
///
/// There the items that start inside a rect's rows are one contiguous run of indices, found by
/// binary search. The only other items that can reach into the rect start above it: in each
/// column, the last item placed before that run (an earlier one ends where a later one in its
/// column begins). A checkpoint every `block` items records the last item of every column so
/// far; a query starts from the nearest checkpoint and replays at most `block - 1` items.
///
/// Against per-column stacks of items and bottoms this keeps almost nothing beside the frames
/// (about `4·C / 32` bytes an item) and costs one pass to build, which is what keeps a full
/// layout within a few times of merely writing the frames.
struct TopSortedIndex: Sendable {
  /// Items per checkpoint.
  static let block = 32

  let columnCount: Int
  /// The top of the first item of every block: a binary search looks here first (a few hundred
  /// KiB at a million items, mostly in cache), then inside one block of frames.
  private var blockTops: [Double] = []
  /// For block b, at `b·C + c`: the last item before the block's first that covers column c,
  /// or -1.
  private var checkpoints: [Int32] = []
  /// The last item so far that covers each column, or -1.
  private var lastInColumn: [Int32]
  /// The top of the last item, which the next must not be above.
  private var lastTop = -Double.infinity

  init(columnCount: Int) {
    self.columnCount = columnCount
    lastInColumn = Array(repeating: -1, count: columnCount)
  }

  /// Indexes `frames` in one pass, or answers nil as soon as one item starts above the one
  /// before it.
  init?(frames: UnsafeBufferPointer<PlacedFrame>, columnCount: Int) {
    self.init(columnCount: columnCount)
    let blocks = (frames.count + Self.block - 1) / Self.block
    var tops = [Double](repeating: 0, count: blocks)
    var marks = [Int32](repeating: -1, count: blocks * columnCount)
    var lastTop = -Double.infinity
    // One pass over pinned buffers: a checked `append` per item would cost more than placing it.
    let sorted = lastInColumn.withUnsafeMutableBufferPointer { last in
      tops.withUnsafeMutableBufferPointer { tops in
        marks.withUnsafeMutableBufferPointer { marks in
          for b in 0..<blocks {
            tops[b] = frames[b * Self.block].y
            for c in 0..<columnCount { marks[b * columnCount + c] = last[c] }
            for i in (b * Self.block)..<min(frames.count, (b + 1) * Self.block) {
              let frame = frames[i]
              guard frame.y >= lastTop else { return false }
              lastTop = frame.y
              let item = Int32(truncatingIfNeeded: i)
              if frame.span == 1 {
                last[Int(frame.column)] = item
              } else {
                for c in Int(frame.column)..<Int(frame.column + frame.span) { last[c] = item }
              }
            }
          }
          return true
        }
      }
    }
    guard sorted else { return nil }
    blockTops = tops
    checkpoints = marks
    self.lastTop = lastTop
  }

  /// Records item `index`, which must be the next one; answers false, recording nothing, when
  /// it starts above the item before it (the layout then needs another kind of index).
  mutating func append(_ frame: PlacedFrame, index: Int) -> Bool {
    guard frame.y >= lastTop else { return false }
    lastTop = frame.y
    if index % Self.block == 0 {
      blockTops.append(frame.y)
      checkpoints.append(contentsOf: lastInColumn)
    }
    let item = Int32(truncatingIfNeeded: index)
    if frame.span == 1 {
      lastInColumn[Int(frame.column)] = item
    } else {
      for c in Int(frame.column)..<Int(frame.column + frame.span) { lastInColumn[c] = item }
    }
    return true
  }

  /// The indices of the items whose frames overlap `rect`, in ascending order.
  func indices(
    overlapping rect: Rect, frames: UnsafeBufferPointer<PlacedFrame>, geometry: ColumnGeometry
  ) -> [Int] {
    let first = firstIndex(topAtLeast: rect.minY, frames: frames)
    let end = firstIndex(topAtLeast: rect.maxY, frames: frames)
    var found: [Int] = []
    if first > 0 {
      for item in lastItems(before: first, crossing: geometry.columns(crossing: rect), frames)
      where geometry.rect(frames[item]).overlaps(rect) {
        found.append(item)
      }
    }
    for i in first..<max(first, end) where geometry.rect(frames[i]).overlaps(rect) {
      found.append(i)
    }
    return found
  }

  /// The last item before `end` in each of `columns`, ascending and each once (an item spanning
  /// several columns is the last in more than one).
  private func lastItems(
    before end: Int, crossing columns: Range<Int>, _ frames: UnsafeBufferPointer<PlacedFrame>
  ) -> [Int] {
    let block = (end - 1) / Self.block
    var last = Array(checkpoints[(block * columnCount)..<((block + 1) * columnCount)])
    for i in (block * Self.block)..<end {
      let frame = frames[i]
      for c in Int(frame.column)..<Int(frame.column + frame.span) {
        last[c] = Int32(truncatingIfNeeded: i)
      }
    }
    var items: [Int] = []
    for c in columns where last[c] >= 0 { items.append(Int(last[c])) }
    items.sortAndRemoveDuplicates()
    return items
  }

  /// The first item whose top is at or below `y`; the item count if there is none.
  private func firstIndex(topAtLeast y: Double, frames: UnsafeBufferPointer<PlacedFrame>) -> Int {
    // The first block whose first item is at or below y; the answer lies in the block before.
    let block = blockTops.withUnsafeBufferPointer { tops in
      var low = 0
      var high = tops.count
      while low < high {
        let mid = (low + high) / 2
        if tops[mid] >= y {
          high = mid
        } else {
          low = mid + 1
        }
      }
      return low
    }
    if block == 0 { return 0 }
    var low = (block - 1) * Self.block + 1
    var high = min(frames.count, block * Self.block)
    while low < high {
      let mid = (low + high) / 2
      if frames[mid].y >= y {
        high = mid
      } else {
        low = mid + 1
      }
    }
    return low
  }
}
