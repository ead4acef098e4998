extension StringProtocol {
  /// The text without white space (Unicode's: spaces, tabs, line ends, no-break spaces) at
  /// either end, as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives it,
  /// which FoundationEssentials does not have.
  package func trimmingWhitespace() -> String {
    trimming { $0.isWhitespace }
  }

  /// The text without the characters at either end for which `predicate` holds.
  package func trimming(while predicate: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !predicate($0) }),
      let last = lastIndex(where: { !predicate($0) })
    else { return "" }
    return String(self[first...last])
  }
}
