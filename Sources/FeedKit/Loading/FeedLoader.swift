import Foundation

/// Loads and decodes feed pages from any `FeedSource`.
///
/// A value type with no state of its own: `cascade layout` uses it for one page, and
/// `FeedSession` for paging.
public struct FeedLoader: Sendable {
  public var options: LoadOptions

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
  /// Files and the standard input, the large inputs, are decoded while they are read; a body
  /// from the network (gzip undone) is decoded once it is complete.
  func loadPage(_ source: FeedSource) async throws(FeedError) -> Page {
    options.progress?.begin(total: nil)
    do {
      let page = try await loadPageUnreported(source)
      options.progress?.end(items: page.document.items.count)
      return page
    } catch {
      options.progress?.end(items: nil)
      throw error
    }
  }

  private func loadPageUnreported(_ source: FeedSource) async throws(FeedError) -> Page {
    var document: FeedDocument
    var location = source
    switch source {
    case .file(let path):
      document = try await LocalReader.document(ofFile: path, options: options)
    case .standardInput:
      document = try await LocalReader.standardInputDocument(options: options)
    case .sample:
      document = try FeedDocument.decode(
        SampleFeed.bytes, origin: source.displayName, options: options)
    case .url(let address):
      let response = try await PageFetch.get(address, options: options)
      location = .url(response.url)
      if Task.isCancelled { throw .cancelled(source: source.displayName) }
      document = try FeedDocument.decode(
        response.body, origin: location.displayName, options: options)
      if document.next == nil { document.next = response.nextLink }
    case .template:
      return try await loadPageUnreported(source.page(1))
    }
    if Task.isCancelled { throw .cancelled(source: source.displayName) }
    return Page(document: document, location: location)
  }
}
