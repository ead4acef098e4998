import FeedKit

/// Where the browser's pages come from when the shell runs a load: a `FeedSession`, or a
/// scripted feed in tests.
public protocol FeedPaging: Sendable {
  func refresh() async -> FeedUpdate
  func loadMore() async -> FeedUpdate
  /// The feed's own name as the last load left it, for the header row.
  var title: String? { get async }
}

extension FeedSession: FeedPaging {}
