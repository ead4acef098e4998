import PictureCells

/// The text and appearance of a row of picture cells, one cell after another, converted only
/// when a cell differs from the one before: neighbouring cells of a picture often share their
/// symbol (a half block) and often their colours, and a converted `String` and
/// `CellAppearance` cost more than a comparison.
package struct PictureRun {
  private var scalar: Unicode.Scalar?
  private var text = ""
  private var colors: (CellColor, CellColor)?
  private var style = CellAppearance.plain

  package init() {}

  /// The text and appearance of `cell`, the next in the row.
  package mutating func next(_ cell: SymbolCell) -> (text: String, style: CellAppearance) {
    if cell.scalar != scalar {
      scalar = cell.scalar
      text = String(cell.scalar)
    }
    if colors?.0 != cell.foreground || colors?.1 != cell.background {
      colors = (cell.foreground, cell.background)
      style = CellAppearance(
        foreground: Color(cell.foreground), background: Color(cell.background))
    }
    return (text, style)
  }
}
