/// What a `FeedSession.refresh()` or `loadMore()` did, for the browser to apply.
public enum FeedUpdate: Sendable {
  /// After a refresh: the full new item list (deduplicated), replacing the old one; and whether
  /// more pages follow.
  case replaced([FeedItem], skipped: SkipReport, hasMore: Bool)
  /// After loading more: only the new items (already deduplicated), to append; and whether
  /// more pages follow.
  case appended([FeedItem], skipped: SkipReport, hasMore: Bool)
  /// Part of a page still loading: its next items, decoded a read's worth at a time and already
  /// deduplicated, to append to what is shown. The load's own update follows, with the items
  /// after these (`FeedSession.refresh(partial:)`).
  case partial([FeedItem])
  /// Loading more found no further page; nothing changed.
  case endOfFeed
  /// Loading more stopped following the feed's pages, for the reason given (a `next` link to a
  /// page of items already loaded); nothing changed.
  case ended(because: String)
  /// The load failed; nothing changed and every loaded item is kept. The user can try again.
  case failed(FeedError)
  /// A newer load replaced this one (or one is already running); ignore this update.
  case superseded
}
