/// One picture at one size: an item's image URL drawn into `columns` × `rows` cells.
///
/// The same picture at another size (after a column change, or full screen) is another key,
/// drawn again from its bytes.
public struct PictureKey: Hashable, Sendable {
  /// The image URL as the feed gave it; the shell resolves it against the feed.
  public var url: String
  public var columns: Int
  public var rows: Int

  public init(url: String, columns: Int, rows: Int) {
    self.url = url
    self.columns = columns
    self.rows = rows
  }
}

/// Where the state's request for a picture stands.
public enum PictureStatus: Hashable, Sendable {
  /// Asked for; not yet drawn.
  case requested
  /// Drawn: its cells are in the view's `PictureCache`.
  case ready
  /// It could not be fetched or decoded: the box shows a marker, the details the reason.
  case failed(String)
}
