/// The laid-out frames, with per-column lists that make a rect query cost O(C·log n + k log k).
///
/// Items in one column never overlap and each is placed below the ones before it, so a column's
/// list of item indices is sorted by `y` (and by index) at the same time. A query binary-searches
/// each column the rect crosses for the first item that reaches below the rect's top, walks down
/// until items start below its bottom, and merges the columns back into item order. An item that
/// spans several columns is listed in each of them and reported once.
///
/// This beats the chunked union rects of CHTCollectionViewWaterfallLayout (still linear in
/// n / chunk) and needs no rebalancing like an interval tree, because appends only ever add to
/// the bottom of a column.
struct RectIndex: Sendable {
  private(set) var frames: [PlacedFrame] = []
  private var columns: [[Int32]] = []

  init(columnCount: Int = 0) {
    columns = Array(repeating: [], count: columnCount)
  }

  var count: Int { frames.count }

  mutating func reserveCapacity(_ n: Int) {
    frames.reserveCapacity(n)
    let perColumn = columns.isEmpty ? 0 : n / columns.count + 1
    for c in columns.indices { columns[c].reserveCapacity(perColumn) }
  }

  /// Records the next item's frame; items must arrive in index order.
  @inline(__always)
  mutating func append(_ frame: PlacedFrame) {
    let index = Int32(truncatingIfNeeded: frames.count)
    frames.append(frame)
    let first = Int(frame.column)
    for c in first..<(first + Int(frame.span)) {
      columns[c].append(index)
    }
  }

  /// The indices of the items whose frames overlap `rect`, in ascending order.
  func indices(overlapping rect: Rect, geometry: ColumnGeometry) -> [Int] {
    var found: [Int] = []
    var columnsHit = 0
    for c in geometry.columns(crossing: rect) where c < columns.count {
      let list = columns[c]
      var i = firstIndex(in: list, reachingBelow: rect.minY)
      var hit = false
      while i < list.count {
        let item = Int(list[i])
        let placed = frames[item]
        if !(placed.y < rect.maxY) { break }
        if geometry.rect(placed).overlaps(rect) {
          found.append(item)
          hit = true
        }
        i += 1
      }
      if hit { columnsHit += 1 }
    }
    if columnsHit > 1 {
      found.sort()
      var write = 0
      for read in found.indices where write == 0 || found[read] != found[write - 1] {
        found[write] = found[read]
        write += 1
      }
      found.removeSubrange(write...)
    }
    return found
  }

  /// The item nearest to `point` (distance to its frame, 0 inside); ties go to the lower index.
  ///
  /// Within one column, only the item that reaches below `point.y` first and the one above it can
  /// be nearest, so each column costs one binary search.
  func nearest(to point: Point, geometry: ColumnGeometry) -> Int? {
    var best: (index: Int, distance: Double)?
    for list in columns where !list.isEmpty {
      let i = firstIndex(in: list, reachingBelow: point.y)
      for j in [i - 1, i] where j >= 0 && j < list.count {
        let item = Int(list[j])
        let distance = geometry.rect(frames[item]).distance(to: point)
        if let current = best,
          distance > current.distance || (distance == current.distance && item >= current.index)
        {
          continue
        }
        best = (item, distance)
      }
    }
    return best?.index
  }

  /// The position of the first item in `list` whose bottom lies below `y` (strictly).
  private func firstIndex(in list: [Int32], reachingBelow y: Double) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if frames[Int(list[mid])].maxY > y {
        high = mid
      } else {
        low = mid + 1
      }
    }
    return low
  }
}
