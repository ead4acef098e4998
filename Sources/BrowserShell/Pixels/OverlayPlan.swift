import BrowserCore

/// One picture drawn over the frame: which, and on which cells.
struct OverlayPlacement: Hashable, Sendable {
  var id: UInt32
  var area: CellRect
}

/// What to do after curses has sent a frame, for pictures drawn over it (sixel, iTerm2):
/// the rows whose old pictures are gone (curses repaints them whole), and the pictures to draw.
///
/// A picture is drawn again only when it is new, moved, or on a row being repainted; one that
/// stays where it was costs nothing, since curses never touches its blank cells.
struct OverlayPlan: Equatable {
  /// Screen rows to repaint, in order, without overlaps.
  var repaint: [Range<Int>]
  var draw: [OverlayPlacement]

  /// - Complexity: O(n²) in the pictures on screen (a few dozen).
  init(previous: [OverlayPlacement], current: [OverlayPlacement]) {
    let kept = Set(current)
    var rows: [Range<Int>] = previous.filter { !kept.contains($0) }.map {
      $0.area.row..<$0.area.bottom
    }
    rows.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in rows where !range.isEmpty {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    repaint = merged
    let before = Set(previous)
    draw = current.filter { placement in
      !before.contains(placement)
        || merged.contains { $0.overlaps(placement.area.row..<placement.area.bottom) }
    }
  }
}
