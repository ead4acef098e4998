/// What covers the boxes: a bordered panel in the middle of the screen (`PanelRenderer`).
///
/// Not to be confused with the pixel pictures a terminal draws over a frame's cells
/// (`Canvas.placeOverlay`), which are pictures, not panels.
public enum Panel: Hashable, Sendable {
  case none, help
  /// The last messages of the status line, in full.
  case messages
  /// The followed feeds (`FeedSummary`), the one at this row selected.
  case feeds(Int)
  /// Details of an item.
  case details(Int)
}
