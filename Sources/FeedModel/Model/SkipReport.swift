/// How many items of a document could not be laid out, and why the first one was skipped; and
/// what was mended in the document that a reader should know of.
public struct SkipReport: Hashable, Sendable {
  public var count: Int
  /// For example `item 3: "height" is missing`.
  public var firstReason: String?
  /// What was mended rather than refused, each said once: bytes not valid in the document's
  /// encoding shown as U+FFFD, the encoding guessed, a cut-short end dropped. Without a word,
  /// a `�` in a title or a missing last item looked like Cascade's fault.
  public var notes: [String]

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

  /// Adds `other`'s items and notes; the first reason stays this report's when it has one.
  package mutating func add(_ other: SkipReport) {
    if count == 0 { firstReason = other.firstReason }
    count += other.count
    for note in other.notes { self.note(note) }
  }

  /// `skipped 3 items (first: item 3: "height" is missing)` and the notes after it, or nil
  /// when nothing was skipped or mended.
  public var message: String? {
    var parts = notes
    if count > 0 {
      let noun = count == 1 ? "item" : "items"
      parts.insert(
        "skipped \(count) \(noun)" + (firstReason.map { " (first: \($0))" } ?? ""), at: 0)
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}
