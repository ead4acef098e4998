/// A rectangle of cells: rows count down from the top of the laid-out content.
public struct CellRect: Hashable, Sendable {
  public var row: Int
  public var column: Int
  public var width: Int
  public var height: Int

  public init(row: Int, column: Int, width: Int, height: Int) {
    self.row = row
    self.column = column
    self.width = width
    self.height = height
  }

  public var bottom: Int { row + height }
  public var right: Int { column + width }
}
