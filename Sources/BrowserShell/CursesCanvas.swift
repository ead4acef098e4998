import BrowserCore
import PictureCells
import PictureKit

/// The canvas of the real terminal: each cell goes straight into ncurses' virtual screen, and
/// `Terminal.present()` sends only the cells that changed since the last frame.
package struct CursesCanvas: Canvas {
  let terminal: Terminal
  package let size: CanvasSize
  /// Pictures to draw over this frame once curses has sent it; one that anything is put on
  /// afterwards is covered, and dropped.
  package private(set) var overlays: [OverlayPlacement] = []
  /// In how many milliseconds a moving picture drawn in this frame changes; nil when none
  /// moves, and then no timer runs.
  private(set) var nextFrame: Int?

  package init(terminal: Terminal) {
    self.terminal = terminal
    size = terminal.size
  }

  /// `werase`, not `clear`: `clear` would repaint the whole screen on every frame.
  package mutating func clear() { terminal.erase() }

  package mutating func put(
    _ cluster: Substring, width: Int, row: Int, column: Int, style: CellAppearance
  ) {
    guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
    cover(row: row, columns: column..<(column + width))
    if width == 2, column + 1 >= size.columns {
      terminal.put(" ", width: 1, row: row, column: column, style: style)
      return
    }
    terminal.put(cluster, width: width, row: row, column: column, style: style)
  }

  /// The row as one run into curses, its overlays checked once.
  package mutating func putPictureRow(_ picture: ArraySlice<SymbolCell>, row: Int, column: Int) {
    guard row >= 0, row < size.rows else { return }
    let start = max(column, 0)
    let end = min(column + picture.count, size.columns)
    guard start < end else { return }
    cover(row: row, columns: start..<end)
    let first = picture.startIndex + (start - column)
    terminal.putPictureRow(picture[first..<(first + end - start)], row: row, column: start)
  }

  /// Drops the overlays that cells put at `row`, `columns` would cover.
  private mutating func cover(row: Int, columns: Range<Int>) {
    guard !overlays.isEmpty else { return }
    overlays.removeAll { placement in
      let area = placement.area
      return area.row <= row && row < area.bottom && area.column < columns.upperBound
        && columns.lowerBound < area.right
    }
  }

  package mutating func noteAnimation(nextFrameIn milliseconds: Int) {
    nextFrame = min(nextFrame ?? milliseconds, milliseconds)
  }

  package mutating func placeOverlay(
    _ overlay: UInt32, in area: CellRect, skippingRows: Int, frame: Int
  ) {
    // A box cut by the window's left or right edge (the carousel's, the ring's) shows the
    // columns in view, as symbol pictures do.
    let left = max(0, area.column)
    let right = min(size.columns, area.right)
    guard area.row >= 0, area.bottom <= size.rows, left < right, area.height > 0,
      skippingRows >= 0
    else { return }
    overlays.append(
      OverlayPlacement(
        id: overlay,
        area: CellRect(row: area.row, column: left, width: right - left, height: area.height),
        skippedRows: skippingRows, skippedColumns: left - area.column, frame: frame))
  }
}
