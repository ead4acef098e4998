/// What the reader has typed towards a key that takes a number: a count before a key (`25G`,
/// as in vi and less), or the `:` prompt (`:25` Enter).
///
/// Digits also set the column count (`1`…`9`), but only once they are known not to be a
/// count: when the count's time runs out with no key after them, or a key that takes no count
/// follows. Until then the layout stays as it is and the status line shows the count, so
/// `10G` never shows one column on its way to item 10.
public struct InputPrefix: Hashable, Sendable {
  /// The count typed so far, nil when none is.
  public internal(set) var count: Int?
  /// The last digit typed: the column count the digits set if they turn out not to be a count.
  var lastDigit = 0
  /// The `:` prompt's text while it is open, nil when it is closed.
  public internal(set) var prompt: String?
  /// The keys of a sequence begun after the count (`g` of `gg`), as the status line shows
  /// them: while it is pending the count waits for it rather than running out.
  public internal(set) var sequence: String?

  /// The largest count kept: more digits than any feed has items are ignored.
  static let maximumCount = 99_999_999

  /// What the status line shows while a count, a sequence or the prompt is being typed.
  public var display: String? {
    if let prompt { return ":" + prompt }
    if count == nil, sequence == nil { return nil }
    return (count.map { "\($0)" } ?? "") + (sequence ?? "")
  }

  mutating func append(digit: Int) {
    let grown = (count ?? 0) * 10 + digit
    count = grown <= Self.maximumCount ? grown : count
    lastDigit = digit
  }
}
