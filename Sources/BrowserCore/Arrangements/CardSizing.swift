import FeedModel
import LayoutEngine

/// How a column layout sizes the card of a text item: as many rows as its text takes at the
/// column's width (`CardLabel.rows(of:width:)`), given to the engine as the shape of a picture
/// that fills those rows.
struct CardSizing: Hashable {
  /// The cells of text across a one-column card, inside its border and padding.
  var textWidth: Int
  /// The width a picture would fill in a one-column box, in layout units.
  var pictureWidth: Double
  var cellAspect: Double

  init(textWidth: Int, pictureWidth: Double, cellAspect: Double) {
    self.textWidth = textWidth
    self.pictureWidth = pictureWidth
    self.cellAspect = cellAspect
  }

  /// The sizing for boxes of `configuration`'s columns: the box's narrowest width in cells
  /// (its edges are rounded to cells) less its border, less a space each side when the box is
  /// wide enough for them (as `BoxRenderer` pads its text).
  init(configuration: LayoutConfiguration, geometry: CellGeometry) {
    let boxWidth =
      configuration.itemWidth.isFinite ? Int(configuration.itemWidth.rounded(.down)) : 1
    let pad = boxWidth >= 8 ? 1 : 0
    self.init(
      textWidth: max(1, boxWidth - 2 - 2 * pad),
      pictureWidth: max(1, configuration.itemWidth - configuration.decoration.width),
      cellAspect: geometry.cellAspect)
  }

  /// The shape whose picture area is as many rows as `item`'s card text.
  func size(of item: FeedItem) -> ItemSize {
    let rows = CardLabel.rows(of: item, width: textWidth)
    return ItemSize(width: pictureWidth, height: Double(rows) * cellAspect)
  }
}
