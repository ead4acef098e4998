/// The details of an item shown without its picture, when its summary is longer than the
/// window: the paging keys (Space, b, Ctrl-D, Ctrl-U), the wheel and `g` `G` scroll the
/// summary (`DetailsLayout`); `j` and `k` still go to the neighbours, as in the full screen.
extension BrowserState {
  /// Scrolls the summary of item `i` for `action`; whether it was one of the keys that do
  /// (any other key does what it does in the details panel: a summary that fits scrolls
  /// nothing, and the key closes the panel as before).
  mutating func scrollDetails(_ action: Action, item i: Int) -> Bool {
    guard !showsFullScreenPicture(ofItem: i) else { return false }
    let lines = DetailsLayout.summaryLines(items[i].summary, columns: screen.columns).count
    let room = DetailsLayout.summaryRoom(
      rows: screen.rows,
      factLines: DetailsLayout.factLines(
        item: items[i], hasFacts: pictureFacts(ofItem: i) != nil,
        hasFailure: pictureFailure(ofItem: i) != nil))
    guard lines > room else { return false }
    let shown = DetailsLayout.shownWhenCut(room: room)
    let delta: Int
    switch action {
    case .page(let fraction):
      let rows = Int((Double(max(1, shown - 1)) * abs(fraction)).rounded(.up))
      delta = fraction < 0 ? -max(1, rows) : max(1, rows)
    case .wheel(let rows): delta = rows
    case .top: delta = -lines
    case .bottom: delta = lines
    default: return false
    }
    let first = DetailsLayout.firstLine(detailsScroll, lines: lines, room: room)
    detailsScroll = DetailsLayout.firstLine(first + delta, lines: lines, room: room)
    return true
  }

  /// Whether the details of item `i` show its picture over the screen (the full screen), not
  /// the text panel.
  func showsFullScreenPicture(ofItem i: Int) -> Bool {
    picturesShown && fullScreenPictureKey(forItem: i) != nil
  }
}
