/// What a feed says about an item besides its picture: when, by whom, and a few lines of what
/// it is about. A text item (one with no picture) is shown as these; the details show them for
/// every item.
///
/// Plain text, cleaned as it is decoded (`AboutText`): markup dropped, white space folded, no
/// control character, escape sequence or invisible formatting character left, and each text cut
/// to a bound (`AboutText.maxSummaryBytes`), so a long post costs an item no more than a
/// screenful.
public struct ItemAbout: Hashable, Sendable {
  /// When the item was published, as `2024-05-01 14:03` (UTC) when the feed's date reads as
  /// one, else as the feed wrote it.
  public var date: String?
  public var author: String?
  public var summary: String?

  public init(date: String? = nil, author: String? = nil, summary: String? = nil) {
    self.date = date
    self.author = author
    self.summary = summary
  }

  public static let none = ItemAbout()

  public var isEmpty: Bool { date == nil && author == nil && summary == nil }
}
