/// Where a picture sits in a box of cells, and how many pixels it is worth decoding for it.
///
/// Pure arithmetic, so the browser can size a picture before its bytes arrive and the decoder can
/// pick its scale from the answer.
public enum PictureFit {
  /// The pixels chafa samples per cell, across and down: it resamples any picture to this many
  /// per cell before it picks each cell's symbol. Measured on the sample pictures against a
  /// 32-pixel-per-cell source: 16 per cell gave no smaller error than 8, and 4 a larger one.
  public static let pixelsPerCell = (width: 8, height: 8)

  /// The largest cell size, within `columns` × `rows`, that shows the picture at its own aspect.
  ///
  /// A cell is `cellAspect` times as tall as it is wide (about 2 in most terminal fonts). One side
  /// fills the box; the other is rounded to the nearest whole cell, and never below one, so a
  /// very wide or very tall picture still gets a one-cell strip rather than nothing.
  /// Returns (0, 0) for an empty box or a picture without pixels.
  ///
  /// - Precondition: `cellAspect` is finite and positive.
  /// - Complexity: O(1).
  public static func fit(
    pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int, cellAspect: Double = 2.0
  ) -> (columns: Int, rows: Int) {
    precondition(cellAspect.isFinite && cellAspect > 0, "a cell's aspect must be positive")
    guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 else { return (0, 0) }
    // The picture's height over width, measured in cells.
    let cellRatio = Double(pixelHeight) / Double(pixelWidth) / cellAspect
    let rowsAtFullWidth = Double(columns) * cellRatio
    if rowsAtFullWidth <= Double(rows) {
      return (columns, clamped(rowsAtFullWidth, to: rows))
    }
    return (clamped(Double(rows) / cellRatio, to: columns), rows)
  }

  /// The pixel size to decode a picture to before it is drawn into `columns` × `rows` cells.
  ///
  /// A decoder that can scale (JPEG's DCT scaling) should pick the smallest scale that covers
  /// this size; chafa resamples whatever it gets to exactly this many pixels.
  ///
  /// - Complexity: O(1).
  public static func decodeSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
    (max(0, columns) * pixelsPerCell.width, max(0, rows) * pixelsPerCell.height)
  }

  /// The share of a picture a box may cut off to be filled: a box a row off its picture's
  /// shape is filled only if that row is at most this much of the picture.
  public static let mostCovered = 0.25

  /// The part of a picture `pictureWidth` × `pictureHeight` (pixels) that fills a box
  /// `boxWidth` × `boxHeight` (pixels, `row` of them a row), as a rectangle in the picture's
  /// pixels: its middle cut to the box's shape when the box is at most a row shorter or
  /// taller than the picture at the box's width (and that row at most `mostCovered` of it);
  /// otherwise the whole picture, to be fitted inside with its aspect kept.
  ///
  /// Why: a waterfall's boxes are as tall as their pictures, but each edge is rounded to a
  /// whole row, so a box comes out up to a row short or tall. Fitted whole, a 3:2 photo in a
  /// box a row short was drawn a seventh narrower than the box, a strip of background beside
  /// it in xterm; cut, it fills the box and loses a sliver top and bottom (or at the sides).
  /// A panorama in its one-row box, or a picture in the carousel's square, is shown whole.
  ///
  /// - Complexity: O(1).
  public static func cover(
    pictureWidth: Int, pictureHeight: Int, boxWidth: Int, boxHeight: Int, row: Int
  ) -> (x: Int, y: Int, width: Int, height: Int) {
    let whole = (x: 0, y: 0, width: pictureWidth, height: pictureHeight)
    guard pictureWidth > 0, pictureHeight > 0, boxWidth > 0, boxHeight > 0, row > 0 else {
      return whole
    }
    // The picture's height at the box's width, and how far the box is from it (half a pixel
    // more: the box's pixels are whole ones).
    let shapedHeight = Double(boxWidth) * Double(pictureHeight) / Double(pictureWidth)
    let off = shapedHeight - Double(boxHeight)
    guard isARowOff(shapedHeight, box: Double(boxHeight), row: Double(row) + 0.5) else {
      return whole
    }
    let boxShape = Double(boxHeight) / Double(boxWidth)
    if off > 0 {
      // The box is short: the picture's top and bottom go.
      let height = max(1, min(pictureHeight, Int((Double(pictureWidth) * boxShape).rounded())))
      return (0, (pictureHeight - height) / 2, pictureWidth, height)
    }
    // The box is tall: the picture's sides go.
    let width = max(1, min(pictureWidth, Int((Double(pictureHeight) / boxShape).rounded())))
    return ((pictureWidth - width) / 2, 0, width, pictureHeight)
  }

  /// Whether a box `box` tall is filled by cutting a picture `shapedHeight` tall at the box's
  /// width (any unit): at most `row` off it, and that at most `mostCovered` of the picture.
  /// The one rule for the state, which gives such a box's picture the whole box
  /// (`PictureArea.fitted`), and for the makers, which cut it (`cover`).
  public static func isARowOff(_ shapedHeight: Double, box: Double, row: Double) -> Bool {
    let off = abs(shapedHeight - box)
    return off <= row && off <= shapedHeight * mostCovered
  }

  private static func clamped(_ cells: Double, to limit: Int) -> Int {
    min(limit, max(1, Int(cells.rounded())))
  }
}
