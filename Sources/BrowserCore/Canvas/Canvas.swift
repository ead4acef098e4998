import PictureCells

/// The size of a screen in cells.
public struct CanvasSize: Hashable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }
}

/// Where the browser draws: a grid of cells, in memory for tests or on the terminal.
///
/// Drawing code is generic over this protocol (never an existential) so that the in-memory
/// canvas of the benchmark and the tests is as fast as a plain array. Everything written through
/// it is a sanitised cluster from `DisplayText` or a literal of the drawing code; writes outside
/// the grid are ignored, so drawing code can clip by simply writing.
public protocol Canvas {
  var size: CanvasSize { get }
  /// Blanks every cell.
  mutating func clear()
  /// Puts one cluster of `width` cells (1 or 2) at a cell; a wide cluster also covers the next
  /// cell. A wide cluster that would stick out of the right edge is drawn as a blank.
  mutating func put(_ cluster: Substring, width: Int, row: Int, column: Int, style: CellAppearance)
  /// Puts a row of a picture's cells from `column`, each one cell wide; cells off the grid are
  /// left out. One call a row rather than one a cell: a picture is most of a frame's cells, and
  /// a canvas can then set them directly and work out a cell's text and colours only where
  /// they differ from the cell before.
  mutating func putPictureRow(_ cells: ArraySlice<SymbolCell>, row: Int, column: Int)
  /// Notes that picture `overlay` goes over the (blank) cells of `area` once the frame is on
  /// screen: the terminal canvas draws it there with pixels; anything put into the area
  /// afterwards in the same frame (a panel, a banner) covers it and cancels it.
  /// `skippingRows` rows of the picture above `area` are cut off: a picture only partly in
  /// view shows its rows that are, as symbol pictures do. `frame` is the frame a moving one
  /// shows now.
  mutating func placeOverlay(_ overlay: UInt32, in area: CellRect, skippingRows: Int, frame: Int)
  /// Notes that a moving picture drawn in this frame changes in `milliseconds`: the terminal
  /// canvas tells the shell when to draw the next frame, and none when nothing moves.
  mutating func noteAnimation(nextFrameIn milliseconds: Int)
}

extension Canvas {
  /// Cells only: a canvas without pixels shows the blank area.
  public mutating func placeOverlay(
    _ overlay: UInt32, in area: CellRect, skippingRows: Int, frame: Int
  ) {}

  /// The picture's first (or only) frame.
  public mutating func placeOverlay(_ overlay: UInt32, in area: CellRect, skippingRows: Int) {
    placeOverlay(overlay, in: area, skippingRows: skippingRows, frame: 0)
  }

  /// A canvas with no clock ignores it.
  public mutating func noteAnimation(nextFrameIn milliseconds: Int) {}

  /// The whole picture `overlay` over `area`.
  public mutating func placeOverlay(_ overlay: UInt32, in area: CellRect) {
    placeOverlay(overlay, in: area, skippingRows: 0, frame: 0)
  }

  /// Cell by cell through `put`.
  public mutating func putPictureRow(_ cells: ArraySlice<SymbolCell>, row: Int, column: Int) {
    var run = PictureRun()
    var x = column
    for cell in cells {
      let (text, style) = run.next(cell)
      put(text[...], width: 1, row: row, column: x, style: style)
      x += 1
    }
  }
}

extension Canvas {
  /// Writes `text` from `column`, cut to `maxWidth` cells with `ellipsis`; returns the cells used.
  @discardableResult
  public mutating func write(
    _ text: DisplayText, row: Int, column: Int, maxWidth: Int, style: CellAppearance = .plain,
    ellipsis: String = "…"
  ) -> Int {
    guard maxWidth > 0, row >= 0, row < size.rows else { return 0 }
    let shown = text.fitted(to: maxWidth, ellipsis: ellipsis)
    var x = column
    shown.forEachCluster { cluster, w in
      put(cluster, width: w, row: row, column: x, style: style)
      x += w
    }
    return x - column
  }

  /// Fills a rectangle with one single-width cluster.
  public mutating func fill(
    row: Int, column: Int, width: Int, height: Int, with cluster: Substring = " ",
    style: CellAppearance = .plain
  ) {
    let top = max(0, row)
    let bottom = min(size.rows, row + height)
    let left = max(0, column)
    let right = min(size.columns, column + width)
    guard top < bottom, left < right else { return }
    for y in top..<bottom {
      for x in left..<right { put(cluster, width: 1, row: y, column: x, style: style) }
    }
  }
}
