/// One item of a column layout.
public enum LayoutItem: Hashable, Sendable {
  /// A picture: one column wide (two when the irregular style enlarges it), as tall as its
  /// aspect ratio makes it.
  case picture(ItemSize)
  /// A row across all columns with a fixed height, below everything placed before it: a feed's
  /// header, or the separator between two loaded pages.
  case fullWidth(height: Double)

  /// The engine stores one `Double` per item: a picture's aspect ratio (always above zero), or
  /// a full-width row's height as a number at or below zero (its negation), so that plain
  /// feeds cost no more memory than a list of ratios.
  @inlinable
  var encoded: Double {
    switch self {
    case .picture(let size): size.aspectRatio
    case .fullWidth(let height): -(height.isFinite ? max(0, height) : 0)
    }
  }
}
