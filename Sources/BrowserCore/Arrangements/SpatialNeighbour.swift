/// Picks a box by where it sits on screen rather than by its item number, as a spatial grid
/// does: the box that shares the most columns with a given one, nearest to it vertically.
enum SpatialNeighbour {
  /// How many screen columns `a` and `b` share.
  static func overlap(_ a: CellRect, _ b: CellRect) -> Int {
    max(0, min(a.right, b.right) - max(a.column, b.column))
  }

  /// Rows between `a` and `b` (0 when they share a row).
  static func gap(_ a: CellRect, _ b: CellRect) -> Int {
    max(0, max(a.row - b.bottom, b.row - a.bottom))
  }

  /// Of `candidates`, the box below `rect` (`below`) or above it that is nearest vertically,
  /// and among equally near ones the one sharing the most columns; only boxes that share a
  /// column at all count.
  static func next(
    from rect: CellRect, below: Bool, among candidates: [(item: Int, rect: CellRect)]
  ) -> Int? {
    let beyond = candidates.filter { candidate in
      (below ? candidate.rect.row >= rect.bottom : candidate.rect.bottom <= rect.row)
        && overlap(candidate.rect, rect) > 0
    }
    return beyond.min { a, b in
      (gap(a.rect, rect), -overlap(a.rect, rect), a.item)
        < (gap(b.rect, rect), -overlap(b.rect, rect), b.item)
    }?.item
  }

  /// Of `candidates`, the one that stands in best for `rect`: the most columns shared, then the
  /// nearest vertically, then the lowest number.
  static func nearest(to rect: CellRect, among candidates: [(item: Int, rect: CellRect)]) -> Int? {
    candidates.min { a, b in
      (-overlap(a.rect, rect), gap(a.rect, rect), a.item)
        < (-overlap(b.rect, rect), gap(b.rect, rect), b.item)
    }?.item
  }
}
