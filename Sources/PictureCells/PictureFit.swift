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

  private static func clamped(_ cells: Double, to limit: Int) -> Int {
    min(limit, max(1, Int(cells.rounded())))
  }
}
