import BrowserCore

/// One picture drawn over the frame: which, on which cells, and how many of its rows are cut
/// off above them (a picture partly in view).
package struct OverlayPlacement: Hashable, Sendable {
  package var id: UInt32
  package var area: CellRect
  package var skippedRows = 0
  /// How many of the picture's columns are cut off left of `area` (a box cut by the window's
  /// left edge, in the carousel and the ring); the columns past `area`'s right are cut off
  /// too.
  package var skippedColumns = 0
  /// The frame a moving picture shows (sixel plays one a frame at a time).
  package var frame = 0
  /// Which of the frame's placements of this picture it is, counted from 0 in the frame's
  /// order: one picture in several boxes (a feed that repeats it) is several placements, and
  /// kitty keys a placement by picture and placement id, so each needs its own id — with one,
  /// placing the second moved the first and left its box empty.
  package var copy = 0

  package init(
    id: UInt32, area: CellRect, skippedRows: Int = 0, skippedColumns: Int = 0, frame: Int = 0,
    copy: Int = 0
  ) {
    self.id = id
    self.area = area
    self.skippedRows = skippedRows
    self.skippedColumns = skippedColumns
    self.frame = frame
    self.copy = copy
  }

  /// `placements` with each one's `copy` counted: the n-th placement of a picture is copy n.
  ///
  /// - Complexity: O(n) in the placements.
  package static func counted(_ placements: [OverlayPlacement]) -> [OverlayPlacement] {
    var seen: [UInt32: Int] = [:]
    return placements.map { placement in
      var counted = placement
      counted.copy = seen[placement.id, default: 0]
      seen[placement.id] = counted.copy + 1
      return counted
    }
  }

  /// The picture's cell rows drawn.
  package var rows: Range<Int> { skippedRows..<(skippedRows + area.height) }

  /// The picture's cell columns drawn.
  package var columns: Range<Int> { skippedColumns..<(skippedColumns + area.width) }

  /// Where it is and how it is cut, whatever frame it shows: a moving picture's next frame
  /// has the same spot as the one before.
  package var spot: Spot {
    Spot(
      id: id, area: area, skippedRows: skippedRows, skippedColumns: skippedColumns, copy: copy)
  }

  /// Which placement of which picture it is, wherever it is: placed again, it moves.
  package var copyKey: CopyKey { CopyKey(id: id, copy: copy) }

  package struct CopyKey: Hashable {
    package var id: UInt32
    package var copy: Int
  }

  package struct Spot: Hashable {
    package var id: UInt32
    package var area: CellRect
    package var skippedRows: Int
    package var skippedColumns: Int
    package var copy: Int
  }
}

/// What to do around curses sending a frame, for pictures drawn over it (sixel, iTerm2,
/// kitty's placements): before, take off the pictures that are gone, moved or cut otherwise;
/// after, draw the pictures that are new, moved or cut otherwise.
///
/// A picture that stays where it was, cut as it was, costs nothing: curses never touches its
/// blank cells.
package struct OverlayPlan: Equatable {
  /// The placements to take off before the frame is sent.
  package var erase: [OverlayPlacement]
  /// The pictures to draw after it.
  package var draw: [OverlayPlacement]

  /// - Complexity: O(n) in the pictures on screen.
  package init(previous: [OverlayPlacement], current: [OverlayPlacement]) {
    let kept = Set(current)
    let before = Set(previous)
    erase = previous.filter { !kept.contains($0) }
    draw = current.filter { !before.contains($0) }
  }
}
