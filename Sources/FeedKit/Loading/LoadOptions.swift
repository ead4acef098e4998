import FeedModel
import Transport

/// How patient and how generous loading is: timeouts, redirects and the limits that keep a
/// broken or hostile feed from using unbounded time or memory.
///
/// The defaults suit a person browsing: a server silent for 15 s has failed, no honest feed page
/// needs more than 64 MiB, and ten redirects are more than any real chain.
public struct LoadOptions: Hashable, Sendable {
  /// Seconds to wait for a connection, and then between two reads of the body (`--timeout`).
  public var timeout: Double = 15
  /// Largest body of one page, in bytes, after gzip is undone; more is an error (`--max-bytes`).
  public var maxBytes: Int = 64 << 20
  /// Redirects followed for one page; more, or a loop, is an error.
  public var maxRedirects: Int = 10
  /// Largest number of elements in one page's item list (`--max-items`).
  public var maxItems: Int = 5_000_000
  /// Deepest nesting of objects and lists; feeds need three or four levels (`--max-depth`).
  public var maxDepth: Int = 256
  /// Longest JSON string, in bytes; a URL or title longer than this is not honest data
  /// (`--max-string`).
  public var maxStringLength: Int = 1 << 20
  /// Seconds for one page in all, connection, redirects and body included; nil waits as long
  /// as data keeps arriving (`--total-time`).
  public var totalTime: Double? = 300
  /// Seconds for one picture's transfer in all (`--picture-time`), within `totalTime`: a
  /// server that drips a picture gives up its place to the next picture long before a page's
  /// deadline.
  public var pictureTime: Double = 30
  /// Most pages one session follows; a `next` chain or template longer than this ends with an
  /// error instead of running forever (`--max-pages`).
  public var maxPages: Int = 100_000
  /// The wait before loading more after a page that added fewer items than it repeated (or
  /// none), doubled for each such page in a row up to 16 times it: a server whose pages keep
  /// coming back is asked less and less often, not thousands of times a second.
  public var pageBackoff: Duration = .milliseconds(500)
  /// Where the loaders report how far a page has got, for a progress display; nil for none.
  public var progress: LoadProgress?
  /// The format to read pages in; nil tells it from each page's content (`--format`).
  public var format: FeedFormat?
  /// Whether items without a picture are left out (`--pictures-only`); otherwise they are text
  /// items, shown as cards of their title, date, author and summary.
  public var picturesOnly = false
  /// How messages name these settings (the command line: by its flags); FeedKit's own names
  /// by default.
  public var settingNames = SettingNames.library
  /// Whether a folder's subfolders are read too (`--recursive`).
  public var recursive = false
  /// The order of a folder's pictures (`--sort`).
  public var folderOrder = FolderOrder.name
  /// Request headers, as `Name: value` lines (`--header`: an API's key, a token), and the feed
  /// they were given for: they go only to that feed's own origin (scheme, host and port) — its
  /// pages and the pictures it serves itself — never to another site a `next` link, a picture
  /// or a redirect leads to. Nil `headersFeed`, or one that is not an http(s) URL, sends none.
  public var headers: [String] = []
  public var headersFeed: String?
  /// The feeds of several read together (`FeedSource.several`) the headers were given for:
  /// each one's origin gets them as `headersFeed`'s does, its pictures included.
  public var headersFeeds: [String] = []
  /// Of several feeds read together: all their items newest first (by date, items without
  /// one after those with one, each feed's order kept among equals) instead of feed after
  /// feed, as an "all feeds" view shows them; and the names a person gave feeds, by source,
  /// which their items say they came from instead of the feed's own title.
  public var newestFirst = false
  public var feedNames: [FeedSource: String] = [:]
  /// Of several feeds read together: none read is an empty document that names each one's
  /// error (`SkipReport.feeds`) rather than the first error thrown, for a view of the feeds
  /// a person follows, which opens offline too and says why each could not be read.
  public var keepsAllFailures = false
  /// What a session remembers of the pages it read, for conditional GETs, `Retry-After` and
  /// refreshing one feed of several (`FeedMemory`); nil remembers nothing.
  public var memory: FeedMemory?
  /// Of several feeds read together with a `memory`: only these are read again, the others
  /// kept as last read (the feed a refresh names); nil reads them all.
  public var refreshOnly: Set<FeedSource>?
  /// Of several feeds read together with a `memory`: seconds a feed not yet read on this run
  /// is waited for. Past them the others are shown without it (its page as the last visit
  /// kept it, if it did, marked as still loading: `FeedOutcome.isLoading`), and its read goes
  /// on: the next load takes what it gave (`FeedSession.readLate()`). Nil waits for every
  /// feed, however long its server takes.
  public var patience: Double?
  /// Whether a page read is kept in `memory` for the next refresh's conditional GET: a
  /// refresh's first page is, the pages loading more reads are not (they are not read
  /// again, and a long feed's would fill the memory).
  var keepsPage = true
  /// Whether a page that cannot be read on its run's first read is shown from the copy an
  /// earlier run kept (`StoredPage`), its error said beside it; a feed of several says that in
  /// its own way (`FeedLoader.loadSeveral`).
  var readsStoredOnFailure = true
  /// The `charset` a server gave the page in its `Content-Type`, for a document that names no
  /// encoding of its own (`NetworkReader` sets it for one page's decoding).
  var declaredCharset: String?

  public init() {}

  /// The `headers` a request to `url` carries: all of them at the feed's origin, none
  /// elsewhere.
  package func originHeaders(for url: String) -> [String] {
    guard !headers.isEmpty else { return [] }
    let feeds = (headersFeed.map { [$0] } ?? []) + headersFeeds
    return feeds.contains { TransferOrigin.same(url, $0) } ? headers : []
  }
}
