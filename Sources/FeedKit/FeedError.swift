/// Everything that can go wrong between a FEED argument and decoded items. Each `description`
/// says what happened, where, and what to do.
public enum FeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes are not JSON; `location` is like `line 3, column 14`.
  case malformedJSON(source: String, location: String, detail: String)
  /// The JSON is fine, but no list of items is where a feed keeps it.
  case notAFeed(source: String, detail: String)
  /// A file could not be read.
  case unreadable(source: String, detail: String)

  public var description: String {
    switch self {
    case .malformedJSON(let source, let location, let detail):
      return "\(source): malformed JSON at \(location): \(detail)"
    case .notAFeed(let source, let detail):
      return "\(source): not a feed: \(detail)"
    case .unreadable(let source, let detail):
      return "\(source): cannot read: \(detail)"
    }
  }
}
