/// A mouse button pressed on the screen, as the shell reads it from the terminal's report:
/// where, and the how-manieth press in a row at that place (2 for a double click).
public struct MouseClick: Hashable, Sendable {
  public enum Button: Hashable, Sendable {
    case left, middle, right
  }

  public var button: Button
  /// The screen cell, from the top-left corner, 0-based.
  public var row: Int
  public var column: Int
  /// 1 for a click, 2 for a double click, and so on.
  public var count: Int

  public init(button: Button, row: Int, column: Int, count: Int = 1) {
    self.button = button
    self.row = row
    self.column = column
    self.count = count
  }
}
