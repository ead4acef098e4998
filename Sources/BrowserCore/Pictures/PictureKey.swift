/// One picture at one size: an item's image URL drawn into `columns` × `rows` cells.
///
/// The same picture at another size (after a column change, or full screen) is another key,
/// drawn again from its bytes.
public struct PictureKey: Hashable, Sendable {
  /// The image URL as the feed gave it; the shell resolves it against the feed.
  public var url: String
  public var columns: Int
  public var rows: Int
  /// Whether it is the full-screen view's picture: a sixel terminal plays a moving picture
  /// there only, sending each frame (in boxes it would send a screen of frames a tick).
  public var fullScreen: Bool
  /// The part of the picture drawn into the cells, when the full screen is zoomed in: cut from
  /// the picture decoded at the zoom's size, not enlarged from the cells of the whole.
  public var crop: PictureCrop?

  public init(
    url: String, columns: Int, rows: Int, fullScreen: Bool = false, crop: PictureCrop? = nil
  ) {
    self.url = url
    self.columns = columns
    self.rows = rows
    self.fullScreen = fullScreen
    self.crop = crop
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
