/// The layouts Cascade can show a feed in: the classic iOS collection-view layouts it grew from.
public enum LayoutStyle: String, Hashable, Sendable, CaseIterable {
  /// Every picture into the shortest column.
  case waterfall
  /// The waterfall with now and then a picture enlarged across two columns.
  case irregular
  /// One horizontal row, boxes shrinking away from the centre.
  case carousel
  /// Boxes on a circle.
  case ring

  /// The style after this one, for cycling through them.
  public var next: LayoutStyle {
    let all = Self.allCases
    let i = all.firstIndex(of: self) ?? 0
    return all[(i + 1) % all.count]
  }
}
