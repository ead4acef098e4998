/// What was seen of a followed feed on the visits before this one, for its items that come
/// after the opening (`BrowserOptions.lateFeeds`): new are those not seen, and none of a feed
/// never read before, whose first read has nothing new to say.
public enum SeenBefore: Hashable, Sendable {
  case never
  /// The items seen, by `StableHash.of(item:)`.
  case items(Set<UInt64>)

  /// Whether an item of the feed, by its hash, is new on this visit.
  func isNew(_ hash: UInt64) -> Bool {
    switch self {
    case .never: false
    case .items(let seen): !seen.contains(hash)
    }
  }
}
