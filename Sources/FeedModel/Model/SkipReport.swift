/// How many items of a document could not be laid out, and why the first one was skipped; what
/// was mended in the document that a reader should know of; and, of several feeds read
/// together, those that could not be read at all.
public struct SkipReport: Hashable, Sendable {
  public var count: Int
  /// For example `item 3: "height" is missing`.
  public var firstReason: String?
  /// What was mended rather than refused, each said once: bytes not valid in the document's
  /// encoding shown as U+FFFD, the encoding guessed, a cut-short end dropped. Without a word,
  /// a `�` in a title or a missing last item looked like Cascade's fault.
  public var notes: [String]
  /// Each feed of several that could not be read, with why: `b.json: no such file; check the
  /// path`. The others' items are shown all the same.
  public var failedFeeds: [String] = []
  /// Of several feeds read together, what each one gave, in the order given (`FeedOutcome`);
  /// empty for one feed.
  public var feeds: [FeedOutcome] = []

  public init(count: Int = 0, firstReason: String? = nil, notes: [String] = []) {
    self.count = count
    self.firstReason = firstReason
    self.notes = notes
  }

  package mutating func record(_ reason: @autoclosure () -> String) {
    if count == 0 { firstReason = reason() }
    count += 1
  }

  /// Adds `note` unless it was said already.
  package mutating func note(_ note: String) {
    if !notes.contains(note) { notes.append(note) }
  }

  /// Adds `other`'s items, notes and failed feeds; the first reason stays this report's when
  /// it has one.
  package mutating func add(_ other: SkipReport) {
    if count == 0 { firstReason = other.firstReason }
    count += other.count
    for note in other.notes { self.note(note) }
    failedFeeds += other.failedFeeds
    feeds += other.feeds
  }

  /// `skipped 3 items (first: item 3: "height" is missing)` and the notes after it, after the
  /// one feed that could not be read or how many could not; nil when nothing was skipped,
  /// mended or left unread.
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

  /// `skipped 3 items (first: item 3: "height" is missing)` and the notes after it, or nil
  /// when no item was skipped and nothing mended: what a command that names each failed feed
  /// on a line of its own says after them.
  public var itemsMessage: String? {
    var parts = notes
    if count > 0 {
      let noun = count == 1 ? "item" : "items"
      parts.insert(
        "skipped \(count) \(noun)" + (firstReason.map { " (first: \($0))" } ?? ""), at: 0)
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}
