/// Where the reader was in a feed: the item that kept the place, whether it was selected, and
/// its row on screen. Kept by identity (the item's `id`, else its image URL), not by position,
/// so that the place survives a feed that gained items at the top since.
public struct ReadingPlace: Hashable, Sendable, Codable {
  public var identity: String
  public var selected: Bool
  /// The item's first row, counted from the top of the view (negative when it starts above).
  public var row: Int

  public init(identity: String, selected: Bool, row: Int) {
    self.identity = identity
    self.selected = selected
    self.row = row
  }
}
