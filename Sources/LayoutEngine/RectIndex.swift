/// The laid-out frames of a column layout and the index that answers rect queries over them.
///
/// One index, `ColumnStacks`, for every style: it answers whatever order the item tops come in,
/// which a tie tolerance (the browser's default) and reading order do not keep, and it grows
/// item by item, so a full layout and an append build it the same way.
struct RectIndex: Sendable {
  var frames: FrameStore
  var stacks: ColumnStacks

  /// An empty index for `columnCount` columns, with room for `expected` items.
  init(columnCount: Int = 1, expected: Int = 0) {
    stacks = ColumnStacks(columnCount: columnCount, expected: expected)
    frames = FrameStore(columnCount: columnCount)
    frames.reserveCapacity(expected)
  }

  var count: Int { frames.count }

  /// Room for `expected` items in all.
  mutating func reserve(_ expected: Int) {
    frames.reserveCapacity(expected)
    stacks.reserve(expected)
  }

  /// The indices of the items whose frames overlap `rect`, in ascending order.
  func indices(overlapping rect: Rect, geometry: ColumnGeometry) -> [Int] {
    frames.withView { frames in
      stacks.indices(overlapping: rect, frames: frames, geometry: geometry)
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
