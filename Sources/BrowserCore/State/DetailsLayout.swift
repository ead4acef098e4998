import FeedModel

/// How the details panel of an item shown without its picture (`PanelRenderer.drawDetails`)
/// fits the window: the facts at the top, then the summary wrapped to the panel, all of it.
/// A summary longer than the rows left is read a page at a time (`BrowserState.scrollDetails`)
/// rather than cut off: a text feed's post is the reason to open its details. The state
/// scrolls by these numbers and the renderer draws by them, so that neither scrolls past what
/// the other shows.
enum DetailsLayout {
  /// The cells of a summary drawn: more than a feed's summary holds (FeedKit keeps 1,000 bytes
  /// of one), a bound for a summary made some other way.
  static let summaryCells = 4_000

  /// The width of the panel's text on a window `columns` wide.
  static func textWidth(columns: Int) -> Int { max(10, min(96, columns - 4) - 4) }

  /// The summary's lines on a window `columns` wide; none when there is no summary.
  static func summaryLines(_ summary: String?, columns: Int) -> [DisplayText] {
    guard let summary else { return [] }
    return DisplayText(summary, maximumWidth: summaryCells).wrapped(
      width: textWidth(columns: columns))
  }

  /// How many lines of facts stand above the summary: the title and a blank line, the feed of
  /// several, the link, the date and author when known, the picture's address, size, file
  /// facts and failure when it has one, the position and the id.
  static func factLines(item: FeedItem, hasFacts: Bool, hasFailure: Bool) -> Int {
    var count =
      2 + 1 + (item.date == nil ? 0 : 1) + (item.author == nil ? 0 : 1)
      + (item.feed == nil ? 0 : 1)
    if item.hasPicture { count += 2 + (hasFacts ? 1 : 0) + (hasFailure ? 1 : 0) }
    return count + 2
  }

  /// The summary's rows on a window `rows` high under `factLines` lines of facts: what is left
  /// inside the panel's border after the blank lines around the summary and the hints' line,
  /// above the status line. At least one.
  static func summaryRoom(rows: Int, factLines: Int) -> Int {
    max(1, rows - 1 - 2 - factLines - 1 - 2)
  }

  /// The first summary line shown when `scroll` is asked for: never past the point where the
  /// last line reaches the bottom (the last row then says which lines are shown).
  static func firstLine(_ scroll: Int, lines: Int, room: Int) -> Int {
    guard lines > room else { return 0 }
    return min(max(0, scroll), lines - shownWhenCut(room: room))
  }

  /// The summary lines a cut summary shows: its room less the row that says which lines.
  static func shownWhenCut(room: Int) -> Int { max(1, room - 1) }
}
