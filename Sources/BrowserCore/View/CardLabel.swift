import FeedModel

/// What the card of a text item (one without a picture) shows besides its title: a byline
/// (date · author) and its summary, sanitised, and how they fill a card of a given width.
///
/// A card is as tall as its text at its column's width (`rows(of:width:)`), within bounds, so
/// a wall of cards reads like a list of posts: a few lines of title, then the start of each.
public struct CardLabel: Hashable, Sendable {
  /// The date as stored (`ItemAbout.date`: UTC), shown in the reader's time by `byline(_:)`.
  public var date: String?
  public var author: String?
  public var summary: DisplayText

  /// The most lines of a card's title and of its summary.
  public static let maxTitleLines = 3
  public static let maxSummaryLines = 6

  public init(date: String? = nil, author: String? = nil, summary: DisplayText) {
    self.date = date
    self.author = author
    self.summary = summary
  }

  /// `3 h ago · Ann`, or either alone, the date as the reader's clock reads it; empty when the
  /// feed gave neither.
  public func byline(_ time: ReaderTime) -> DisplayText {
    let parts = [date.map(time.relative), author].compactMap { $0?.isEmpty == false ? $0 : nil }
    return DisplayText(parts.joined(separator: " · "), maximumWidth: 200)
  }

  /// The card of `item`, sanitised (`DisplayText`).
  public init(item: FeedItem) {
    self.init(
      date: item.date, author: item.author,
      summary: DisplayText(item.summary ?? "", maximumWidth: 1_000))
  }

  /// The title's and the summary's lines in a card whose text is `width` cells wide, in at
  /// most `rows` rows: the title first, the summary in the rows it leaves.
  public func lines(title: DisplayText, width: Int, rows: Int = .max)
    -> (title: [DisplayText], summary: [DisplayText])
  {
    let titleLines = title.wrapped(width: width, maxLines: min(rows, Self.maxTitleLines))
    let summaryLines = summary.wrapped(
      width: width, maxLines: min(rows - titleLines.count, Self.maxSummaryLines))
    return (titleLines, summaryLines)
  }

  /// The rows of text inside the card of `item` whose text is `width` cells wide: its title's
  /// and summary's lines, at least one.
  /// - Complexity: O(title and summary kept), about a thousand characters at most.
  public static func rows(of item: FeedItem, width: Int) -> Int {
    let label = BoxLabel(item: item, number: 0)
    let card = label.card ?? CardLabel(item: item)
    let lines = card.lines(title: label.title, width: max(1, width))
    return max(1, lines.title.count + lines.summary.count)
  }
}
