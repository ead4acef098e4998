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
  func loadPage(_ source: FeedSource) async throws(FeedError) -> Page {
    let (bytes, location) = try await fetch(source)
    if Task.isCancelled { throw .cancelled(source: source.displayName) }
    let document = try FeedDecoder.decode(
      bytes, source: location.displayName, options: options)
    return Page(document: document, location: location)
  }

  /// The raw bytes of one page and its final location.
  func fetch(_ source: FeedSource) async throws(FeedError) -> ([UInt8], FeedSource) {
    switch source {
    case .file(let path):
      return (try await LocalReader.contents(ofFile: path, maxBytes: options.maxBytes), source)
    case .standardInput:
      return (try await LocalReader.readStandardInput(maxBytes: options.maxBytes), source)
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
