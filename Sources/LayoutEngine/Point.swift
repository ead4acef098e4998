/// A point in layout space (the engine's own units: points for an iOS-like view, character
/// columns for the terminal front end).
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
