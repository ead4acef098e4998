import FeedModel

/// The date, author and summary of an item (`ItemAbout`) made from what a feed wrote: plain
/// text of one paragraph, with nothing a terminal would act on, cut to a bound.
///
/// Text from a feed is untrusted. The browser sanitises every text it draws again
/// (`DisplayText`), but these texts are also kept for a million items and printed by `cascade
/// print`, so they are cleaned once here: control characters dropped (tabs and line breaks
/// fold into spaces), escape sequences dropped whole, invisible formatting characters (the
/// bidirectional overrides and isolates, zero-width spaces, soft hyphens) dropped.
enum AboutText {
  /// The most of a summary kept, in bytes: a card shows its first lines and the details a
  /// screenful; a whole post would cost a feed of a thousand posts megabytes.
  static let maxSummaryBytes = 1_000
  /// The most of an author's name kept, in bytes.
  static let maxAuthorBytes = 200
  /// The most of a date kept as the feed wrote it (one that does not read as a date), in bytes.
  static let maxDateBytes = 64
  /// The most of an entry's HTML read for its summary: far more than `maxSummaryBytes` of text
  /// needs, whatever its markup.
  static let maxHTMLBytes = 32 << 10

  /// The `ItemAbout` of these texts, each cleaned; `summaryHTML` is read as HTML, `summary` as
  /// text, and the first of them that leaves any text is kept.
  static func about(
    date: String?, author: String?, summary: String? = nil, summaryHTML: String? = nil
  ) -> ItemAbout {
    ItemAbout(
      date: date.flatMap(self.date), author: author.flatMap { clean($0, maxBytes: maxAuthorBytes) },
      summary: summary.flatMap { clean($0, maxBytes: maxSummaryBytes) }
        ?? summaryHTML.flatMap(self.summary(html:)))
  }

  /// The summary of an HTML text: its start as plain text.
  static func summary(html: String) -> String? {
    var start = String(html.utf8.prefix(maxHTMLBytes)) ?? String(html.prefix(maxHTMLBytes / 4))
    // A tag cut in two would be read as text.
    if start.utf8.count < html.utf8.count, let open = start.lastIndex(of: "<"),
      !start[open...].contains(">")
    {
      start = String(start[..<open])
    }
    return clean(HTMLText.plain(start), maxBytes: maxSummaryBytes)
  }

  /// A date as `2024-05-01 14:03` (UTC) when it reads as RFC 822 (RSS) or ISO 8601 (Atom, JSON
  /// Feed, the APIs), else cleaned as the feed wrote it.
  static func date(_ text: String) -> String? {
    if let seconds = FeedDate.seconds(text) { return FeedDate.text(seconds) }
    return clean(text, maxBytes: maxDateBytes)
  }

  /// A date given as seconds since 1970 (Reddit's `created_utc`).
  static func date(seconds: Double?) -> String? {
    guard let seconds, seconds.isFinite, abs(seconds) < 1e11 else { return nil }
    return FeedDate.text(Int64(seconds))
  }

  /// `text` as one paragraph of plain text, cut to at most `maxBytes` bytes (at a character's
  /// end, then marked with `…`); nil when nothing is left.
  static func clean(_ text: String, maxBytes: Int) -> String? {
    // Built as UTF-8 bytes, not scalar by scalar into a string: a summary is cleaned for every
    // item, and appending to a `String.UnicodeScalarView` was most of a feed's decoding.
    var result: [UInt8] = []
    result.reserveCapacity(min(text.utf8.count, maxBytes))
    var pendingSpace = false
    var cut = false
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" || scalar == "\u{9B}" {
        skipEscape(after: scalar, in: &scalars)
        continue
      }
      if isSpace(scalar) {
        pendingSpace = !result.isEmpty
        continue
      }
      guard isShown(scalar) else { continue }
      let size = (pendingSpace ? 1 : 0) + UTF8.width(scalar)
      guard result.count + size <= maxBytes - 3 else {
        cut = true
        break
      }
      if pendingSpace { result.append(UInt8(ascii: " ")) }
      pendingSpace = false
      if scalar.isASCII {
        result.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        result.append(contentsOf: scalar.utf8)
      }
    }
    guard !result.isEmpty else { return nil }
    var kept = String(decoding: result, as: UTF8.self)
    if cut {
      // Whole characters only: a cut between a letter and its accent would change the letter.
      if let last = kept.indices.last, kept[last].unicodeScalars.count > 1 {
        kept.removeLast()
      }
      kept += "…"
    }
    return kept
  }

  /// Drops an escape sequence whose introducer is `first`: a CSI (`ESC [` or 0x9B) up to its
  /// final byte, a string (OSC, DCS, SOS, PM, APC) up to its terminator, or one more character.
  private static func skipEscape(
    after first: Unicode.Scalar, in scalars: inout String.UnicodeScalarView.Iterator
  ) {
    let kind = first == "\u{9B}" ? "[" : scalars.next()
    switch kind {
    case "[":
      while let s = scalars.next(), !(0x40...0x7E).contains(s.value) {}
    case "]", "P", "X", "^", "_":
      while let s = scalars.next() {
        if s == "\u{07}" || s == "\u{9C}" { return }
        if s == "\u{1B}" {
          _ = scalars.next()
          return
        }
      }
    default:
      return
    }
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether a scalar is text a reader sees: not a control character, not an invisible
  /// formatting character (general category Cf, which holds the bidirectional controls), not a
  /// lone surrogate or a non-character.
  private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
    // Most text is ASCII: its printable characters are shown, its others are controls.
    if scalar.value < 0x80 { return (0x20..<0x7F).contains(scalar.value) }
    return switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .lineSeparator, .paragraphSeparator: false
    default: !scalar.properties.isNoncharacterCodePoint
    }
  }
}
