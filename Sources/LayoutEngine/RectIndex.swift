/// The laid-out frames of a column layout and the index that answers rect queries over them.
///
/// Two kinds of index, chosen by what the frames allow: `TopSortedIndex` while item tops never
/// go up in item order (every shortest-column layout: nearly no memory beyond the frames, built
/// in a fraction of a pass), `ColumnStacks` otherwise (reading order, a tie tolerance). The
/// choice follows the placed frames, not the configuration, so a rule that breaks the order only
/// sometimes is still answered right; an append that breaks it switches to stacks once.
struct RectIndex: Sendable {
  private enum Search: Sendable {
    case topSorted(TopSortedIndex)
    case stacks(ColumnStacks)
  }

  /// Holds the place of an index taken out to be changed; allocates nothing.
  private static let placeholder = Search.topSorted(TopSortedIndex(columnCount: 0))

  private(set) var frames: [PlacedFrame] = []
  private var search: Search
  private let columnCount: Int

  init(columnCount: Int = 1) {
    self.columnCount = columnCount
    search = .topSorted(TopSortedIndex(columnCount: columnCount))
  }

  /// Indexes frames laid out for `checkpoints.columnCount` columns, in item order, with the
  /// checkpoints recorded while placing them; `topsInOrder` says whether no item starts above
  /// the one before it (the placer checks as it places).
  /// - Complexity: O(n / 32) when the tops are in order, O(n) otherwise.
  init(frames: [PlacedFrame], checkpoints: ColumnCheckpoints, topsInOrder: Bool) {
    self.frames = frames
    columnCount = checkpoints.columnCount
    search = frames.withUnsafeBufferPointer { frames in
      topsInOrder
        ? .topSorted(TopSortedIndex(frames: frames, checkpoints: checkpoints))
        : .stacks(ColumnStacks(frames: frames, columnCount: checkpoints.columnCount))
    }
  }

  var count: Int { frames.count }

  /// Records the next item's frame; items must arrive in index order. `topsInOrder` says, as
  /// for `init`, whether every top so far (this one included) is in order.
  mutating func append(_ frame: PlacedFrame, topsInOrder: Bool) {
    let index = frames.count
    frames.append(frame)
    switch search {
    case .topSorted(var sorted):
      search = Self.placeholder  // so that `sorted` is the only reference and grows in place
      if topsInOrder {
        sorted.append(frame, index: index)
        search = .topSorted(sorted)
      } else {
        search = frames.withUnsafeBufferPointer {
          .stacks(ColumnStacks(frames: $0, columnCount: columnCount))
        }
      }
    case .stacks(var stacks):
      search = Self.placeholder
      stacks.append(frame, index: index)
      search = .stacks(stacks)
    }
  }

  /// The indices of the items whose frames overlap `rect`, in ascending order.
  func indices(overlapping rect: Rect, geometry: ColumnGeometry) -> [Int] {
    frames.withUnsafeBufferPointer { frames in
      switch search {
      case .topSorted(let sorted):
        sorted.indices(overlapping: rect, frames: frames, geometry: geometry)
      case .stacks(let stacks):
        stacks.indices(overlapping: rect, frames: frames, geometry: geometry)
      }
    }
  }

  /// The item nearest to `point` (distance to its frame, 0 inside); ties go to the lower index.
  ///
  /// Built on rect queries, so both kinds of index answer it: squares around the point grow
  /// until one holds an item; then the nearest item lies within that item's distance, and one
  /// more query with a square just larger than that distance holds every item that close (an
  /// item at distance d has a point inside any open square of half-side d' > d around `point`,
  /// which the open-interval overlap test sees even for a zero-height row).
  /// - Complexity: O(log(d / w)) rect queries for an item at distance d and column width w.
  func nearest(to point: Point, geometry: ColumnGeometry) -> Int? {
    guard !frames.isEmpty else { return nil }
    var reach = geometry.itemWidth > 0 && geometry.itemWidth.isFinite ? geometry.itemWidth : 1
    while reach.isFinite {
      if let first = nearest(
        among: indices(overlapping: square(point, reach), geometry: geometry), point, geometry)
      {
        let distance = geometry.rect(frames[first]).distance(to: point)
        guard distance.isFinite else { break }
        // A margin far above the rounding of the square's edges, far below any real gap.
        let scale = max(distance, abs(point.x), abs(point.y), 1)
        let close = indices(overlapping: square(point, distance + scale * 1e-9), geometry: geometry)
        return nearest(among: close + [first], point, geometry)
      }
      reach *= 4
    }
    // A point no finite square reaches, or frames without a finite distance: look at them all.
    return nearest(among: frames.indices, point, geometry)
  }

  private func square(_ center: Point, _ halfSide: Double) -> Rect {
    Rect(
      x: center.x - halfSide, y: center.y - halfSide, width: 2 * halfSide, height: 2 * halfSide)
  }

  private func nearest<S: Sequence<Int>>(
    among items: S, _ point: Point, _ geometry: ColumnGeometry
  ) -> Int? {
    var best: (index: Int, distance: Double)?
    for item in items {
      let distance = geometry.rect(frames[item]).distance(to: point)
      if let current = best,
        !(distance < current.distance || (distance == current.distance && item < current.index))
      {
        continue
      }
      best = (item, distance)
    }
    return best?.index
  }
}
