import LayoutEngine

/// Moving the selection between boxes, with the view following it.
extension BrowserState {

  mutating func moveSelection(_ move: SelectionMove) {
    guard !items.isEmpty else { return }
    let visible = visibleIndices()
    guard let current = selection, visible.contains(current) || move == .next || move == .previous
    else {
      select(visible.first ?? 0)
      return
    }
    if let next = arrangement.item(move, from: current, itemCount: items.count) {
      select(next)
    }
  }

  /// Selects item `i` and brings it into view: the style's focus, or scrolled to.
  mutating func select(_ i: Int) {
    selection = i
    arrangement.focus(on: i)
    revealSelection()
  }

  /// Scrolls so that the selected box is in view (its top, if it is taller than the view).
  mutating func revealSelection() {
    guard arrangement.scrollsVertically, let s = selection, let rect = cellRect(of: s) else {
      return
    }
    // A row of room above or below, so the box does not touch the screen's edge.
    if rect.row <= top {
      top = rect.row - 1
    } else if rect.bottom >= top + viewRows {
      top = rect.height + 2 > viewRows ? rect.row - 1 : rect.bottom + 1 - viewRows
    }
    clampTop()
  }

  /// Keeps the selection on screen: once the selected box has left the view (a scroll, a page,
  /// a resize), the box in view that stands in best for it takes the selection, so that no key
  /// (Enter, `o`, `d`) acts on an item the reader cannot see, and the next move starts here.
  mutating func keepSelectionInView() {
    guard arrangement.scrollsVertically, let s = selection else { return }
    var shown: [(item: Int, rect: CellRect)] = []
    for box in visibleBoxes() {
      guard let i = box.item else { continue }
      if i == s { return }
      shown.append((i, box.rect))
    }
    guard let rect = cellRect(of: s) else {
      selection = nil
      return
    }
    // No box in view (a window too small for any): the selection waits for a larger one.
    guard !shown.isEmpty else { return }
    selection = SpatialNeighbour.nearest(to: rect, among: shown)
  }
}
