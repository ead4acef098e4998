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

  /// Loads and decodes one page; a template must be expanded first (`FeedSource.page(_:)`).
  ///
  /// Files and the standard input, the large inputs, are decoded while they are read; a body
  /// from the network (or gzip) is decoded once it is complete.
  func loadPage(_ source: FeedSource) async throws(FeedError) -> Page {
    let document: FeedDocument
    let location: FeedSource
    switch source {
    case .file(let path):
      (document, location) = (
        try await LocalReader.document(ofFile: path, options: options), source
      )
    case .standardInput:
      (document, location) = (try await LocalReader.standardInputDocument(options: options), source)
    default:
      let bytes: [UInt8]
      (bytes, location) = try await fetch(source)
      if Task.isCancelled { throw .cancelled(source: source.displayName) }
      document = try FeedDecoder.decode(bytes, source: location.displayName, options: options)
    }
    if Task.isCancelled { throw .cancelled(source: source.displayName) }
    return Page(document: document, location: location)
  }

  /// The raw bytes of one page and its final location; not for files or the standard input,
  /// which `loadPage` streams.
  func fetch(_ source: FeedSource) async throws(FeedError) -> ([UInt8], FeedSource) {
    switch source {
    case .file, .standardInput:
      preconditionFailure("FeedLoader.fetch: local sources are streamed by loadPage")
    case .sample:
      return (SampleFeed.bytes, source)
    case .url(let address):
      guard let url = URL(string: address) else {
        throw .invalidArgument(argument: address, detail: "not a valid URL")
      }
      let response = try await HTTPFetch.get(url, options: options)
      return (response.body, .url(response.url.absoluteString))
    case .template:
      return try await fetch(source.page(1))
    }
  }
}
