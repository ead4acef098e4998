import FeedModel
import FoundationEssentials
import Locking

/// Loads and decodes feed pages from any `FeedSource`.
///
/// A value type with no state of its own: `cascade layout` uses it for one page, and
/// `FeedSession` for paging.
public struct FeedLoader: Sendable {
  public var options: LoadOptions
  /// Whether this load already follows the feed a web page named.
  private var followsWebPage = false

  public init(options: LoadOptions = LoadOptions()) {
    self.options = options
  }

  /// One decoded page and where it finally came from (after redirects), which is what a
  /// relative `next` link is resolved against.
  struct Page: Sendable {
    var document: FeedDocument
    var location: FeedSource
  }

  /// Loads and decodes page 1 of a source (what `cascade layout FEED` prints).
  public func load(_ source: FeedSource) async throws(FeedError) -> FeedDocument {
    try await loadPage(source.page(1)).document
  }

  /// Loads and decodes one page (page 1 of a template).
  ///
  /// Every page is decoded while it is read: a file, the standard input, a body from the
  /// network (gzip undone) as it arrives.
  /// - Parameter takeItems: given a classic document's items a read's worth at a time while it
  ///   is decoded; those leave the page's document, which holds only the rest. Other formats
  ///   and the bundled sample give all their items with the document.
  func loadPage(
    _ source: FeedSource, takeItems: (@Sendable ([FeedItem]) -> Void)? = nil
  ) async throws(FeedError) -> Page {
    let progress = options.progress
    progress?.begin(total: nil)
    do {
      let page = try await loadPageUnreported(source, takeItems: takeItems)
      // Items handed out were counted as they went.
      let handedOut = takeItems == nil ? 0 : (progress?.snapshot.items ?? 0)
      progress?.end(items: handedOut + page.document.items.count)
      return page
    } catch {
      progress?.end(items: nil)
      throw error
    }
  }

  private func loadPageUnreported(
    _ source: FeedSource, takeItems: (@Sendable ([FeedItem]) -> Void)?
  ) async throws(FeedError) -> Page {
    var document: FeedDocument
    var location = source
    switch source {
    case .file(let path):
      document = try await LocalReader.document(
        ofFile: path, options: options, takeItems: takeItems)
    case .standardInput:
      document = try await LocalReader.standardInputDocument(
        options: options, takeItems: takeItems)
    case .sample:
      document = try FeedDocument.decode(
        SampleFeed.bytes, origin: source.displayName, options: options)
    case .url(let address):
      let page: NetworkReader.Page
      // Whether items were handed out before a failure: a copy would show them twice.
      let handedOut = Locked(false)
      do throws(FeedError) {
        var tracked: (@Sendable ([FeedItem]) -> Void)?
        if let takeItems {
          tracked = { items in
            handedOut.withLock { $0 = true }
            takeItems(items)
          }
        }
        page = try await NetworkReader.page(at: address, options: options, takeItems: tracked)
      } catch {
        // A web page that names its feed (a blog's address): that feed is read instead, as a
        // feed reader does; once, not a page that names another page.
        if case .webPage(let pageURL, let feed?) = error, !followsWebPage {
          var loader = self
          loader.followsWebPage = true
          return try await loader.loadPageUnreported(
            FeedSource.url(pageURL).resolving(next: feed), takeItems: takeItems)
        }
        guard !handedOut.withLock({ $0 }), var kept = storedPage(at: address, after: error)
        else { throw error }
        kept.document.skipped.failedFeeds.append(
          "shown as last read: " + error.message(naming: options.settingNames))
        page = kept
      }
      location = .url(page.url)
      document = page.document
      if document.next == nil { document.next = page.nextLink }
    case .template:
      return try await loadPageUnreported(source.page(1), takeItems: takeItems)
    case .several(let parts):
      document = try await loadSeveral(parts)
    }
    if Task.isCancelled { throw .cancelled(source: source.displayName) }
    return Page(document: document, location: location)
  }

  /// The page of `address` as an earlier run kept it on disk, for a first read of it on this
  /// run that failed with `error` (offline, the server down): a feed opens as last read, the
  /// error said beside it, rather than not at all. Nil for a page this run has read (a refresh
  /// that fails keeps what is shown, as ever), for a load that was cancelled, and where
  /// nothing was kept.
  private func storedPage(at address: String, after error: FeedError) -> NetworkReader.Page? {
    if case .cancelled = error { return nil }
    guard options.readsStoredOnFailure, let memory = options.memory, memory.kept(address) == nil
    else { return nil }
    return NetworkReader.storedPage(at: address, options: options)
  }
}
