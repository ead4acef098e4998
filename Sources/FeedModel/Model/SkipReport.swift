/// How many items of a document could not be laid out, and why the first one was skipped.
public struct SkipReport: Hashable, Sendable {
  public var count: Int
  /// For example `item 3: "height" is missing`.
  public var firstReason: String?

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
  }

  /// `skipped 3 items (first: item 3: "height" is missing)`, or nil when nothing was skipped.
  public var message: String? {
    guard count > 0 else { return nil }
    let noun = count == 1 ? "item" : "items"
    return "skipped \(count) \(noun)" + (firstReason.map { " (first: \($0))" } ?? "")
  }
}
