/// Why a configuration cannot be laid out. Each case's `description` says what is wrong and
/// what to change, so a front end can show it as it is.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The column count is below 1 or above `LayoutConfiguration.maxColumnCount`.
  case columnCount(Int)
  /// A spacing or an inset (named) is negative, infinite or NaN.
  case negativeOrNonFinite(String, Double)
  /// The container width is infinite or NaN.
  case containerWidth(Double)
  /// The irregular style's probability is not within 0...1.
  case enlargementProbability(Double)
  /// The insets and spacing leave columns with no width.
  case itemWidth(Double, containerWidth: Double, columnCount: Int)

  public var description: String {
    switch self {
    case .columnCount(let count):
      return
        "column count must be from 1 to \(LayoutConfiguration.maxColumnCount), got \(count)"
    case .negativeOrNonFinite(let name, let value):
      return "\(name) must be a finite number of at least 0, got \(LayoutNumber.text(value))"
    case .containerWidth(let width):
      return "container width must be a finite number, got \(LayoutNumber.text(width))"
    case .enlargementProbability(let p):
      return "enlarge probability must be from 0 to 1, got \(LayoutNumber.text(p))"
    case .itemWidth(let width, let containerWidth, let columnCount):
      return
        "a width of \(LayoutNumber.text(containerWidth)) leaves \(columnCount) column(s) "
        + "\(LayoutNumber.text(width)) wide; use fewer columns, less spacing or smaller insets"
    }
  }
}
