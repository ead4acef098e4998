import FeedKit

/// The outcome of one load, as the browser sees it.
///
/// Mirrors FeedKit's `FeedUpdate`, plus whether more pages follow, so that the state machine
/// stays synchronous and testable with a scripted feed.
public enum PageResult: Sendable {
  /// Every item, replacing what was shown (a first load or a refresh).
  case replaced([FeedItem], skipped: SkipReport, hasMore: Bool)
  /// Only the new items of the next page.
  case appended([FeedItem], skipped: SkipReport, hasMore: Bool)
  case endOfFeed
  case failed(FeedError)
  /// A newer load replaced this one; nothing to do.
  case superseded
}

/// Where the browser's items come from: a feed session, or a scripted fake in tests.
public protocol FeedPaging: Sendable {
  func refresh() async -> PageResult
  func loadMore() async -> PageResult
  /// The feed's own name as the last load left it, for the header row.
  func title() async -> String?
}

extension FeedPaging {
  public func title() async -> String? { nil }
}

/// A feed of one document, read again on every refresh and never with more pages.
public struct SingleDocumentFeed: FeedPaging {
  private let read: @Sendable () async throws(FeedError) -> FeedDocument

  /// - Parameter read: loads the document (from a file, or the bundled sample).
  public init(read: @escaping @Sendable () async throws(FeedError) -> FeedDocument) {
    self.read = read
  }

  public func refresh() async -> PageResult {
    do {
      let document = try await read()
      return .replaced(document.items, skipped: document.skipped, hasMore: false)
    } catch {
      return .failed(error)
    }
  }

  public func loadMore() async -> PageResult { .endOfFeed }
}
