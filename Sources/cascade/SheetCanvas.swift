import BrowserCore
import PictureCells

/// The printed sheet's canvas: cells in memory, and where pictures drawn over them (sixel,
/// iTerm2) go, for `cascade print` to place after the text.
struct SheetCanvas: Canvas {
  var cells: MemoryCanvas
  private(set) var overlays: [(id: UInt32, area: CellRect)] = []

  init(columns: Int, rows: Int) {
    cells = MemoryCanvas(columns: columns, rows: rows)
  }

  var size: CanvasSize { cells.size }

  mutating func clear() {
    cells.clear()
    overlays = []
  }

  mutating func put(_ cluster: Substring, width: Int, row: Int, column: Int, style: CellAppearance)
  {
    cells.put(cluster, width: width, row: row, column: column, style: style)
  }

  mutating func putPictureRow(_ picture: ArraySlice<SymbolCell>, row: Int, column: Int) {
    cells.putPictureRow(picture, row: row, column: column)
  }

  /// The sheet is drawn whole, so a picture is cut only where the sheet itself ends: such a
  /// picture is left out (`SheetPixels`).
  mutating func placeOverlay(
    _ overlay: UInt32, in area: CellRect, skippingRows: Int, frame: Int
  ) {
    guard skippingRows == 0 else { return }
    overlays.append((overlay, area))
  }
}
