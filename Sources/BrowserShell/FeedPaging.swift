import FeedKit
import FeedModel

/// Where the browser's pages come from when the shell runs a load: a `FeedSession`, or a
/// scripted feed in tests.
public protocol FeedPaging: Sendable {
  func refresh() async -> FeedUpdate
  /// `refresh()`, giving a large first page's items to `partial` as they are decoded; the
  /// update returned then holds the items after those (`FeedSession.refresh(partial:)`).
  func refresh(partial: (@Sendable ([FeedItem]) -> Void)?) async -> FeedUpdate
  /// Reads again only the followed feed `name` of several, the others kept as last read.
  func refresh(feed name: String) async -> FeedUpdate
  /// Waits for the feeds of several still loading when the browser opened and adds what they
  /// gave (`FeedSession.readLate()`).
  func readLate() async -> FeedUpdate
  func loadMore() async -> FeedUpdate
  /// The feed's own name as the last load left it, for the header row.
  var title: String? { get async }
}

extension FeedPaging {
  /// A feed that cannot stream gives its first page whole.
  public func refresh(partial: (@Sendable ([FeedItem]) -> Void)?) async -> FeedUpdate {
    await refresh()
  }

  /// A feed that cannot read one of several again reads them all.
  public func refresh(feed name: String) async -> FeedUpdate {
    await refresh()
  }

  /// A feed with nothing still loading has nothing to add.
  public func readLate() async -> FeedUpdate { .superseded }
}

extension FeedSession: FeedPaging {}
