import FeedModel
import LayoutEngine

/// `d` and `u`: taking items out of the view and bringing them back, in their places.
extension BrowserState {
  /// One removed item and where it was.
  struct Removal: Sendable {
    var item: FeedItem
    var position: Int
    /// Its page: 0 for the first, k for the page that starts at `pageStarts[k − 1]`.
    var page: Int
  }

  /// The page of the item at `position`, as `Removal.page` counts.
  func page(of position: Int) -> Int { Self.page(of: position, pageStarts: pageStarts) }

  static func page(of position: Int, pageStarts: [Int]) -> Int {
    var low = 0
    var high = pageStarts.count
    while low < high {
      let mid = (low + high) / 2
      if pageStarts[mid] <= position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// `d`: takes the selected item out of the view (the feed keeps it); the next item takes its
  /// place and the selection. Without a selection, `d` only selects the first box in view.
  mutating func removeSelected() {
    guard !items.isEmpty else { return }
    guard let s = selection, s < items.count else {
      select(visibleIndices().first ?? 0)
      message = "press d again to remove the selected item"
      return
    }
    let page = page(of: s)
    let removed = items.remove(at: s)
    removals.append(Removal(item: removed, position: s, page: page))
    for k in page..<pageStarts.count { pageStarts[k] -= 1 }
    // Removed from a search's view, it leaves the whole feed too: Esc does not bring it back,
    // `u` does, there or here.
    filter?.remove(removed)
    let keptTop = top
    selection = items.isEmpty ? nil : min(s, items.count - 1)
    relayout(keepingPlace: false, itemsChanged: true)
    top = keptTop
    clampTop()
    if let s = selection { select(s) }
    message = "removed #\(s + 1); u brings it back"
  }

  /// `u`: puts the last removed item back in its place and selects it.
  mutating func undoRemoval() {
    guard let removal = removals.popLast() else {
      message =
        filter != nil && filter?.allRemovals.isEmpty == false
        ? "nothing removed in this search; Esc shows all, where u undoes the rest"
        : "nothing to undo"
      return
    }
    let position = min(removal.position, items.count)
    items.insert(removal.item, at: position)
    filter?.restoreLast()
    for k in removal.page..<pageStarts.count { pageStarts[k] += 1 }
    let keptTop = top
    relayout(keepingPlace: false, itemsChanged: true)
    top = keptTop
    clampTop()
    select(position)
    message = "restored #\(position + 1)"
  }

  /// How many removed items `u` can bring back.
  public var undoCount: Int { removals.count }
}
