/// How many items of a document could not be laid out, and why the first one was skipped; and,
/// of several feeds read together, those that could not be read at all.
public struct SkipReport: Hashable, Sendable {
  public var count: Int
  /// For example `item 3: "height" is missing`.
  public var firstReason: String?
  /// Each feed of several that could not be read, with why: `b.json: no such file; check the
  /// path`. The others' items are shown all the same.
  public var failedFeeds: [String] = []
  /// Of several feeds read together, what each one gave, in the order given (`FeedOutcome`);
  /// empty for one feed.
  public var feeds: [FeedOutcome] = []

  public init(count: Int = 0, firstReason: String? = nil) {
    self.count = count
    self.firstReason = firstReason
  }

  package mutating func record(_ reason: @autoclosure () -> String) {
    if count == 0 { firstReason = reason() }
    count += 1
  }

  /// Adds `other`'s items; the first reason stays this report's when it has one.
  package mutating func add(_ other: SkipReport) {
    if count == 0 { firstReason = other.firstReason }
    count += other.count
    failedFeeds += other.failedFeeds
    feeds += other.feeds
  }

  /// `skipped 3 items (first: item 3: "height" is missing)`, after the one feed that could not
  /// be read or how many could not; nil when nothing was skipped.
  public var message: String? {
    var parts: [String] = []
    if let first = failedFeeds.first {
      parts.append(
        failedFeeds.count == 1
          ? first : "\(failedFeeds.count) feeds could not be read (first: \(first))")
    }
    if let items = itemsMessage { parts.append(items) }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// `skipped 3 items (first: item 3: "height" is missing)`, or nil when no item was skipped:
  /// what a command that names each failed feed on a line of its own says after them.
  public var itemsMessage: String? {
    guard count > 0 else { return nil }
    let noun = count == 1 ? "item" : "items"
    return "skipped \(count) \(noun)" + (firstReason.map { " (first: \($0))" } ?? "")
  }
}
