/// What the reader has typed towards a key that takes a number: a count before a key (`25G`,
/// as in vi and less), or the `:` prompt (`:25` Enter).
///
/// Digits keep their own meaning too (`1`…`9` set the column count at once), so a count is
/// only known to be a count when a key that takes one follows; that key gives the column count
/// back to what it was before the digits (`columnsBefore`). Keys that take no count drop it.
public struct InputPrefix: Hashable, Sendable {
  /// The count typed so far, nil when none is.
  public internal(set) var count: Int?
  /// The `:` prompt's text while it is open, nil when it is closed.
  public internal(set) var prompt: String?
  /// The requested column count before the count's digits changed it.
  var columnsBefore: Int??

  /// The largest count kept: more digits than any feed has items are ignored.
  static let maximumCount = 99_999_999

  /// What the status line shows while a count or the prompt is being typed.
  public var display: String? {
    if let prompt { return ":" + prompt }
    return count.map { "\($0)" }
  }

  mutating func append(digit: Int) {
    let grown = (count ?? 0) * 10 + digit
    count = grown <= Self.maximumCount ? grown : count
  }
}
