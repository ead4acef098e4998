/// A picture as a grid of terminal cells, ready to be drawn cell by cell.
///
/// Row-major: the cell at (`column`, `row`) is `cells[row * columns + column]`. A value type, so
/// a cache can hand the same picture to any thread.
public struct SymbolPicture: Hashable, Sendable {
  public let columns: Int
  public let rows: Int
  public let cells: [SymbolCell]

  /// - Precondition: `cells.count == columns * rows`.
  public init(columns: Int, rows: Int, cells: [SymbolCell]) {
    precondition(columns >= 0 && rows >= 0, "a picture has no negative size")
    precondition(cells.count == columns * rows, "a picture needs columns × rows cells")
    self.columns = columns
    self.rows = rows
    self.cells = cells
  }

  /// - Precondition: the cell is inside the picture.
  public subscript(column: Int, row: Int) -> SymbolCell {
    precondition(
      (0..<columns).contains(column) && (0..<rows).contains(row),
      "cell (\(column), \(row)) is outside a \(columns)×\(rows) picture")
    return cells[row * columns + column]
  }
}
