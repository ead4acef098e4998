/// Which column the next item goes to.
public enum ColumnOrder: String, Hashable, Sendable, CaseIterable {
  /// The column whose bottom is lowest (the lowest index on a tie): the waterfall.
  case shortest
  /// Item k in column `k mod C`, counted from the left: reading order for feeds where it
  /// matters, at the cost of ragged column bottoms.
  case leftToRight = "left-to-right"
  /// Item k in column `k mod C`, counted from the right.
  case rightToLeft = "right-to-left"
}
