/// Where a post's picture and text go on the screen: the picture as large as the window's
/// shape allows, beside the text on a wide window and above it on a tall one, and the text in
/// the rest. The text's left edge and width depend on the window alone, never on the line
/// scrolled to, so the text does not jump or re-wrap as it scrolls.
public struct PostLayout: Hashable, Sendable {
  /// The picture's area, nil for a post shown without its picture.
  public var picture: CellRect?
  /// The text's area; its last row holds the keys.
  public var text: CellRect

  /// The longest lines of text: wider reads badly, as in a mail reader's pager.
  static let maximumTextWidth = 100

  /// The layout on a screen of `size` (its last row is the status line), with a picture when
  /// `withPicture`; `cellAspect` is a cell's height over its width.
  public init(_ size: CanvasSize, withPicture: Bool, cellAspect: Double = 2) {
    let rows = max(1, size.rows - 1)
    let columns = max(1, size.columns)
    guard withPicture, columns >= 20, rows >= 8 else {
      let width = max(1, min(Self.maximumTextWidth, columns - 4))
      picture = nil
      text = CellRect(row: 0, column: min(2, max(0, columns - width)), width: width, height: rows)
      return
    }
    // A window wider than tall (in its own pixels, by a fifth) takes the picture beside the
    // text, else above it.
    if Double(columns) >= Double(rows) * cellAspect * 1.2 {
      let pictureWidth = columns / 2
      picture = CellRect(row: 0, column: 1, width: pictureWidth - 1, height: rows)
      let left = pictureWidth + 2
      text = CellRect(
        row: 0, column: left, width: max(1, min(Self.maximumTextWidth, columns - left - 1)),
        height: rows)
    } else {
      let pictureRows = rows / 2
      picture = CellRect(row: 0, column: 1, width: columns - 2, height: pictureRows)
      let width = max(1, min(Self.maximumTextWidth, columns - 4))
      text = CellRect(
        row: pictureRows + 1, column: 2, width: width, height: max(1, rows - pictureRows - 1))
    }
  }

  /// The rows of text shown at once: the text's area less the keys' row.
  public var textRows: Int { max(1, text.height - 1) }
}
