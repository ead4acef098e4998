/// Formats numbers for messages and JSON without Foundation: integers without a trailing `.0`,
/// everything else as Swift prints a `Double` (shortest text that reads back to the same value).
public enum LayoutNumber {
  public static func text(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}
