import PictureCells

/// Where pictures go on screen: inside a box's border above its caption row, or full screen
/// above the details. The state asks for pictures at exactly the sizes the view draws them.
public enum PictureArea {
  /// Rows of details under a full-screen picture (title, size, URL, position, keys).
  public static let detailRows = 5

  /// The rows of a box that are not its picture's: the border above and below, and the
  /// caption row.
  public static let rowsAround = 3

  /// The cells inside a box of `rect` left for its picture: all but the border and the caption
  /// row at the bottom; nil when the box is too small to show a picture.
  public static func inside(box rect: CellRect) -> CellRect? {
    guard rect.width >= 3, rect.height >= rowsAround + 1 else { return nil }
    return CellRect(
      row: rect.row + 1, column: rect.column + 1, width: rect.width - 2,
      height: rect.height - rowsAround)
  }

  /// The cells for a full-screen picture on a screen of `size` (the status line excluded).
  public static func fullScreen(_ size: CanvasSize) -> CellRect? {
    let rows = size.rows - 1 - detailRows
    guard size.columns >= 3, rows >= 1 else { return nil }
    return CellRect(row: 0, column: 1, width: size.columns - 2, height: rows)
  }

  /// The part of `area` a picture of `pixelWidth` × `pixelHeight` fills with its aspect kept,
  /// centred. A picture within a tenth of the area's shape fills it: a box is shaped by its
  /// picture, and rounding its frame to whole cells should not narrow the picture by a column.
  /// With `fills` (a waterfall's box, whose edges are each rounded to a whole row), so does a
  /// picture at most a row off the area at its width, that row at most a quarter of it: the
  /// maker cuts it to the area's shape (`PictureFit.cover`). A 3:2 photo 7.9 rows tall in a box
  /// of 7 was drawn three columns narrower than its box, a strip of background beside it.
  public static func fitted(
    pixelWidth: Double, pixelHeight: Double, in area: CellRect, cellAspect: Double,
    fills: Bool = false
  ) -> CellRect? {
    guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth > 0, pixelHeight > 0 else {
      return nil
    }
    let clamp = { (v: Double) in Int(max(1, min(1e6, v.rounded()))) }
    let shape = pixelHeight / pixelWidth
    let areaShape = Double(area.height) * cellAspect / Double(max(1, area.width))
    if area.width >= 1, area.height >= 1, cellAspect > 0, abs(areaShape / shape - 1) <= 0.1 {
      return area
    }
    if fills, area.width >= 1, area.height >= 1, cellAspect > 0,
      PictureFit.isARowOff(
        Double(area.width) * shape / cellAspect, box: Double(area.height), row: 1)
    {
      return area
    }
    let size = PictureFit.fit(
      pixelWidth: clamp(pixelWidth), pixelHeight: clamp(pixelHeight), columns: area.width,
      rows: area.height, cellAspect: cellAspect)
    guard size.columns >= 1, size.rows >= 1 else { return nil }
    return CellRect(
      row: area.row + (area.height - size.rows) / 2,
      column: area.column + (area.width - size.columns) / 2, width: size.columns,
      height: size.rows)
  }
}
