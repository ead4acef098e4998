import LayoutEngine

/// Converts between the engine's layout space and cells.
///
/// The engine lays out in square units one cell *wide*: x is in columns, and y is in the same
/// unit, so an item's height is its width times the picture's ratio, exactly as the engine
/// computes it. A cell is `cellAspect` times as tall as it is wide, so a y in layout units is
/// `y / cellAspect` rows. Each edge is rounded on its own, so boxes that do not overlap in layout
/// space do not overlap in cells, and a gap of one row (`cellAspect` units) stays one row.
public struct CellGeometry: Hashable, Sendable {
  public var cellAspect: Double

  public init(cellAspect: Double) { self.cellAspect = cellAspect }

  public func cellRect(_ frame: Rect) -> CellRect {
    let left = Int(frame.minX.rounded())
    let right = Int(frame.maxX.rounded())
    let top = row(frame.minY)
    let bottom = row(frame.maxY)
    return CellRect(row: top, column: left, width: right - left, height: bottom - top)
  }

  /// The row of a y in layout units, rounded.
  public func row(_ y: Double) -> Int {
    let r = (y / cellAspect).rounded()
    return r.isFinite ? Int(max(-1e15, min(1e15, r))) : 0
  }

  /// The layout-space y of a row's top edge.
  public func y(ofRow row: Int) -> Double { Double(row) * cellAspect }
}
