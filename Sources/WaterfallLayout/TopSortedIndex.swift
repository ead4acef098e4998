/// The rect index of a layout whose item tops never go up in item order: every shortest-column
/// layout (plain, irregular, with full-width rows), where each item starts at the lowest column
/// bottom, which only ever grows.
///
/// There the items that start inside a rect's rows are one contiguous run of indices, found by
/// binary search. The only other items that can reach into the rect start above it: in each
/// column, the last item placed before that run (an earlier one ends where a later one in its
/// column begins). `ColumnCheckpoints` records the last item of every column every 32 items; a
/// query starts from the checkpoint before the run and replays at most 31 items.
///
/// Against per-column stacks of items and bottoms this keeps almost nothing beside the frames
/// (about `4·C / 32` bytes an item) and needs no pass over them to build, which is what keeps a
/// full layout within a few times of merely writing the frames.
struct TopSortedIndex: Sendable {
  /// The top of the first item of every block of `ColumnCheckpoints.block` items: a binary
  /// search looks here first (a few hundred KiB at a million items, mostly in cache), then
  /// inside one block of frames.
  private var blockTops: [Double] = []
  private var checkpoints: ColumnCheckpoints
  /// The top of the last item, which the next must not be above.
  private var lastTop = -Double.infinity

  init(columnCount: Int) {
    checkpoints = ColumnCheckpoints(columnCount: columnCount)
  }

  /// Indexes `frames`, whose tops must be in order (`ColumnPlacer.topsInOrder` says so), with
  /// the checkpoints recorded while they were placed.
  init(frames: UnsafeBufferPointer<PlacedFrame>, checkpoints: ColumnCheckpoints) {
    self.checkpoints = checkpoints
    let block = ColumnCheckpoints.block
    blockTops = stride(from: 0, to: frames.count, by: block).map { frames[$0].y }
    lastTop = frames.last?.y ?? -Double.infinity
  }

  /// Records item `index`, which must be the next one; answers false, recording nothing, when
  /// it starts above the item before it (the layout then needs another kind of index).
  mutating func append(_ frame: PlacedFrame, index: Int) -> Bool {
    guard frame.y >= lastTop else { return false }
    lastTop = frame.y
    if index % ColumnCheckpoints.block == 0 { blockTops.append(frame.y) }
    checkpoints.record(frame, index: index)
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
    let last = checkpoints.last(before: end, frames: frames)
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
    var low = (block - 1) * ColumnCheckpoints.block + 1
    var high = min(frames.count, block * ColumnCheckpoints.block)
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
