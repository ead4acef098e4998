/// Clicks: a click selects the box under it, a double click shows it full screen, a click on
/// the status line's hint (`? help`) shows the help. The wheel comes as keys (`Key.wheelUp`).
extension BrowserState {
  /// The status line's last cells, where its hint (`? help`) is drawn: a click there shows
  /// the help.
  static let hintCells = 8

  mutating func click(_ click: MouseClick) -> [Effect] {
    guard click.button == .left else { return [] }
    slideshow = nil
    // A click on a feed of the feeds panel shows it; anywhere else closes what is open, as
    // any key does.
    if case .feeds(let chosen) = panel { return clickInFeeds(click, chosen: chosen) }
    if panel != .none { return closePanel() }
    if searchPrompt != nil || prefix.prompt != nil { return [] }
    if click.row == screen.rows - 1 {
      if click.column >= screen.columns - Self.hintCells { showHelp() }
      return []
    }
    let row = click.row + top - pull.shift
    let box = visibleBoxes().first { box in
      (box.rect.row..<box.rect.bottom).contains(row)
        && (box.rect.column..<box.rect.right).contains(click.column)
    }
    guard let index = box?.item, index < items.count else { return [] }
    pull.letGo()
    if arrangement.scrollsVertically {
      // Selected where it is: the view does not jump under the pointer.
      selection = index
      keepSelectionInView()
    } else {
      select(index)
    }
    if click.count >= 2 { showPost(of: index) }
    return prefetchIfNeeded()
  }
}
