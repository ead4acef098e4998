/// An axis-aligned rectangle in layout space.
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// Whether the two rectangles share an area, by the engine's contract: open intervals on both
  /// axes, so rectangles that only touch along an edge do not overlap.
  public func overlaps(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// Whether `point` lies inside, edges included.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
  }

  /// The Euclidean distance from `point` to the nearest point of the rectangle (0 inside).
  public func distance(to point: Point) -> Double {
    let dx = max(minX - point.x, 0, point.x - maxX)
    let dy = max(minY - point.y, 0, point.y - maxY)
    return (dx * dx + dy * dy).squareRoot()
  }
}
