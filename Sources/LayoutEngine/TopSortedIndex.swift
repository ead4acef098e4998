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
  /// Every 32nd of `checkpoints.tops` (the top of every 32nd item, the middle level of
  /// `firstIndex(topAtLeast:frames:)`): the top of every 1,024th item.
  private var superTops: [Double] = []
  private var checkpoints: ColumnCheckpoints

  init(columnCount: Int) {
    checkpoints = ColumnCheckpoints(columnCount: columnCount)
  }

  /// Indexes `frames`, whose tops must be in order (`ColumnPlacer.topsInOrder` says so), with
  /// the checkpoints recorded while they were placed.
  init(frames: UnsafeBufferPointer<PlacedFrame>, checkpoints: ColumnCheckpoints) {
    self.checkpoints = checkpoints
    let tops = checkpoints.tops
    assert(tops.count == ColumnCheckpoints.blocks(frames.count), "a top for every block")
    superTops = stride(from: 0, to: tops.count, by: ColumnCheckpoints.block).map { tops[$0] }
  }

  /// Records item `index`, which must be the next one and start no higher than the one before.
  mutating func append(_ frame: PlacedFrame, index: Int) {
    let block = ColumnCheckpoints.block
    if index % (block * block) == 0 { superTops.append(frame.y) }
    checkpoints.record(frame, index: index)
  }

  /// The indices of the items whose frames overlap `rect`, in ascending order.
  func indices(
    overlapping rect: Rect, frames: UnsafeBufferPointer<PlacedFrame>, geometry: ColumnGeometry
  ) -> [Int] {
    let first = firstIndex(topAtLeast: rect.minY, frames: frames)
    let end = max(first, firstIndex(topAtLeast: rect.maxY, from: first, frames: frames))
    var found: [Int] = []
    found.reserveCapacity(end - first + 8)
    if first > 0 {
      // Each column's last item before the run: an item spanning several columns is the last
      // in more than one, so these are sorted and counted once.
      checkpoints.withLast(before: first, frames: frames) { last in
        for c in geometry.columns(crossing: rect) where last[c] >= 0 {
          let item = Int(last[c])
          if geometry.rect(frames[item]).overlaps(rect) { found.append(item) }
        }
      }
      if found.count > 1 { found.sortAndRemoveDuplicates() }
    }
    for i in first..<end where geometry.rect(frames[i]).overlaps(rect) {
      found.append(i)
    }
    return found
  }

  /// The first item whose top is at or below `y`; the item count if there is none.
  ///
  /// Three small searches instead of one over a large array: the tops of every 1,024th item
  /// (a few KiB), then of every 32nd within one stretch, then the frames of one block. A binary
  /// search through megabytes lands on a new memory page at every step; the page-table misses,
  /// not the comparisons, were most of a query.
  private func firstIndex(topAtLeast y: Double, frames: UnsafeBufferPointer<PlacedFrame>) -> Int {
    let fan = ColumnCheckpoints.block
    let stretch = superTops.withUnsafeBufferPointer { tops in
      Self.lowerBound(0, tops.count, y) { tops[$0] }
    }
    let block = checkpoints.tops.withUnsafeBufferPointer { tops in
      stretch == 0
        ? 0
        : Self.lowerBound((stretch - 1) * fan + 1, min(tops.count, stretch * fan), y) { tops[$0] }
    }
    if block == 0 { return 0 }
    return Self.lowerBound((block - 1) * fan + 1, min(frames.count, block * fan), y) {
      frames[$0].y
    }
  }

  /// The first item from `start` on whose top is at or below `y`, for a `y` close below item
  /// `start`: steps of 1, 2, 4, … from there, then a binary search in the last step, so the
  /// bottom of a screen costs a few reads next to its top.
  private func firstIndex(
    topAtLeast y: Double, from start: Int, frames: UnsafeBufferPointer<PlacedFrame>
  ) -> Int {
    var low = start
    var step = 1
    var probe = start
    while probe < frames.count, frames[probe].y < y {
      low = probe + 1
      probe = start + step
      step *= 2
    }
    return Self.lowerBound(low, min(probe, frames.count), y) { frames[$0].y }
  }

  /// The first position in `low..<high` whose value is at or below `y` (values ascend with
  /// position); `high` if there is none.
  @inline(__always)
  private static func lowerBound(
    _ low: Int, _ high: Int, _ y: Double, _ value: (Int) -> Double
  ) -> Int {
    var (low, high) = (low, high)
    while low < high {
      let mid = (low + high) / 2
      if value(mid) >= y {
        high = mid
      } else {
        low = mid + 1
      }
    }
    return low
  }
}
