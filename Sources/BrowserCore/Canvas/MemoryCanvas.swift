/// A canvas that is just an array of cells: for tests, snapshots and the benchmark.
public struct MemoryCanvas: Canvas, Sendable {
  public private(set) var size: CanvasSize
  /// Row-major cells.
  public private(set) var cells: [Cell]

  public init(columns: Int, rows: Int) {
    size = CanvasSize(columns: columns, rows: rows)
    cells = Array(repeating: .blank, count: size.columns * size.rows)
  }

  public subscript(row: Int, column: Int) -> Cell {
    cells[row * size.columns + column]
  }

  public mutating func clear() {
    cells.withUnsafeMutableBufferPointer { $0.update(repeating: .blank) }
  }

  public mutating func put(
    _ cluster: Substring, width: Int, row: Int, column: Int, style: CellAppearance
  ) {
    guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
    let base = row * size.columns
    let i = base + column
    // Writing over half of a wide cluster blanks its other half, as a terminal does.
    if cells[i].width == 0, column > 0 { cells[i - 1] = Cell(style: cells[i - 1].style) }
    if cells[i].width == 2, column + 1 < size.columns {
      cells[i + 1] = Cell(style: cells[i + 1].style)
    }
    if width == 2 {
      guard column + 1 < size.columns else {
        cells[i] = Cell(style: style)
        return
      }
      if cells[i + 1].width == 2, column + 2 < size.columns {
        cells[i + 2] = Cell(style: cells[i + 2].style)
      }
      cells[i] = Cell(text: String(cluster), width: 2, style: style)
      cells[i + 1] = .continuation(style)
    } else {
      cells[i] = Cell(text: String(cluster), width: 1, style: style)
    }
  }

  /// The screen as text, one line per row with trailing blanks removed: what a snapshot holds.
  public var text: String {
    (0..<size.rows).map(line).joined(separator: "\n")
  }

  /// One row as text, trailing blanks removed.
  public func line(_ row: Int) -> String {
    var line = ""
    for column in 0..<size.columns {
      let cell = cells[row * size.columns + column]
      if cell.width != 0 { line += cell.text }
    }
    while line.last == " " { line.removeLast() }
    return line
  }
}
