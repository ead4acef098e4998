/// What reading one feed of several gave: its name, the items it has now (each known by
/// `StableHash.of(item:)`), or why it could not be read. The front end keeps what was seen of
/// each feed from one visit to the next by these, and lists the feeds with them.
public struct FeedOutcome: Hashable, Sendable {
  /// The feed as a person named it, a URL's secrets masked (`FeedSource.displayName`): what
  /// the feed is kept under, hashed.
  public var source: String
  /// What its items say they came from (`FeedItem.feed`).
  public var name: String
  /// Its items' hashes, in the feed's order; empty when it could not be read.
  public var items: [UInt64]
  /// Why it could not be read, in words; nil when it was.
  public var error: String?
  /// False for a feed kept as it was last read, not read this time (a refresh of another
  /// feed of several: `LoadOptions.refreshOnly`).
  public var wasRead = true
  /// When its server said it may be asked again (`FeedError.retryLater`), in seconds since
  /// 1970; nil when it said nothing of the kind.
  public var retryAt: Int64?
  /// Whether it is still being read: it did not answer within the load's patience
  /// (`LoadOptions.patience`), and the next load takes its items when they come. Its `error`
  /// says so meanwhile.
  public var isLoading = false

  public init(source: String, name: String, items: [UInt64] = [], error: String? = nil) {
    self.source = source
    self.name = name
    self.items = items
    self.error = error
  }
}
