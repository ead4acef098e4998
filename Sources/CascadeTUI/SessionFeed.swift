import FeedKit

/// FeedKit's `FeedSession` as the browser's `FeedPaging`: each update, plus whether more pages
/// follow.
public struct SessionFeed: FeedPaging {
  public let session: FeedSession

  public init(session: FeedSession) { self.session = session }

  public func refresh() async -> PageResult {
    await Self.result(of: session.refresh(), hasMore: session.hasMorePages)
  }

  public func loadMore() async -> PageResult {
    await Self.result(of: session.loadMore(), hasMore: session.hasMorePages)
  }

  public func title() async -> String? { await session.title }

  static func result(of update: FeedUpdate, hasMore: Bool) -> PageResult {
    switch update {
    case .replaced(let items, let skipped): .replaced(items, skipped: skipped, hasMore: hasMore)
    case .appended(let items, let skipped): .appended(items, skipped: skipped, hasMore: hasMore)
    case .endOfFeed: .endOfFeed
    case .failed(let error): .failed(error)
    case .superseded: .superseded
    }
  }
}
