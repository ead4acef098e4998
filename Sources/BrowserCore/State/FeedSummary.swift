/// One followed feed as the feeds panel (`F`) lists it: its name, how many of its items are
/// new since the last visit, when it was last read, and why it could not be read this time.
/// The shell makes these from what it keeps between visits; the core only shows them.
public struct FeedSummary: Hashable, Sendable {
  /// What its items say they came from (`FeedItem.feed`): narrowing to the feed keeps the
  /// items that say this.
  public var name: String
  public var newCount: Int
  /// When it was last read, as the shell words it (`14:03`, `2026-12-01`, `never`).
  public var lastRead: String
  public var error: String?
  /// When its server said it may be asked again (seconds since 1970): the panel says so, in
  /// the reader's time, before any other word of the error.
  public var retryAt: Int64?

  public init(
    name: String, newCount: Int, lastRead: String, error: String? = nil, retryAt: Int64? = nil
  ) {
    self.name = name
    self.newCount = newCount
    self.lastRead = lastRead
    self.error = error
    self.retryAt = retryAt
  }
}
