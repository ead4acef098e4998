import FeedModel

/// Leaving a feed and coming back to the same place (`cascade --last`).
extension BrowserState {
  /// The reader's place: the selected item if it is in view, else the first box in view.
  public var readingPlace: ReadingPlace? {
    guard let (index, row) = anchor(), items.indices.contains(index) else { return nil }
    return ReadingPlace(identity: items[index].identity, selected: index == selection, row: row)
  }

  /// Goes back to `place`: the item selected again if it was, at the same row of the screen.
  /// An item that is not among the loaded ones leaves the view at the top. A place kept with
  /// its identity's secrets masked (`URLSecrets`: a picture URL's token) is the first item
  /// whose identity masks the same.
  /// - Complexity: O(n) in the loaded items, once per start.
  public mutating func resume(at place: ReadingPlace) -> [Effect] {
    let found =
      items.firstIndex { $0.identity == place.identity }
      ?? (place.identity.contains(URLSecrets.mask)
        ? items.firstIndex { URLSecrets.masked($0.identity) == place.identity } : nil)
    guard let i = found else { return [] }
    if place.selected {
      selection = i
      arrangement.focus(on: i)
    }
    restore((i, place.row))
    if place.selected { revealSelection() }
    return reconcilePictures()
  }
}
