import PictureCells

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

  /// The row's cells set in place, in one pass over the array: only the run's two ends can
  /// cut a wide cluster, whose other half is blanked as `put` does.
  public mutating func putPictureRow(_ picture: ArraySlice<SymbolCell>, row: Int, column: Int) {
    guard row >= 0, row < size.rows else { return }
    let start = max(column, 0)
    let end = min(column + picture.count, size.columns)
    guard start < end else { return }
    let base = row * size.columns
    let skipped = start - column
    cells.withUnsafeMutableBufferPointer { cells in
      if cells[base + start].width == 0, start > 0 {
        cells[base + start - 1] = Cell(style: cells[base + start - 1].style)
      }
      if cells[base + end - 1].width == 2, end < size.columns {
        cells[base + end] = Cell(style: cells[base + end].style)
      }
      var run = PictureRun()
      var i = picture.startIndex + skipped
      for x in start..<end {
        let (text, style) = run.next(picture[i])
        cells[base + x] = Cell(text: text, width: 1, style: style)
        i += 1
      }
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
