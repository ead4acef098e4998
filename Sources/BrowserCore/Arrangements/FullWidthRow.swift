/// A full-width row of the column styles: across every column, one row high.
public enum FullWidthRow: Hashable, Sendable {
  /// The feed's name, above the first picture.
  case header(String)
  /// The start of page `n` (2, 3, …) of the feed.
  case page(Int)
}
