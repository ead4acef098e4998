import FeedModel
import Locking

/// What the browser remembers of the feeds it read, for as long as it runs, so that a refresh
/// is kind to their servers: each page's validators with the page they named (a `304` keeps
/// it), the servers that asked to be left alone until a moment (`Retry-After`), and each feed
/// of several as last read (a refresh of one feed keeps the others as they are).
///
/// Kept in memory, keyed by their URL, secrets and all, as the requests themselves are. With
/// a `PageStore`, the pages read whole are also kept on disk for the next run (`StoredPage`):
/// the next visit asks each server only whether its page changed, as newsboat does, and a
/// `304` is decoded from the copy. Only pages whose addresses hold no secret go there. Shared
/// by the loads a session runs (`LoadOptions.memory`); its clock is handed in, so its tests
/// choose the time.
public final class FeedMemory: Hashable, Sendable {
  /// A page as it was last read whole, and what names it to its server.
  struct KeptPage: Sendable {
    var validators: PageValidators
    var page: NetworkReader.Page
  }

  /// One feed of several as it was last read.
  struct KeptPart: Sendable {
    var name: String
    var items: [FeedItem]
    var skipped: SkipReport
  }

  private struct State {
    var pages: [String: KeptPage] = [:]
    var waits: [String: (status: Int, until: Int64)] = [:]
    var parts: [FeedSource: KeptPart] = [:]
    /// Reads of feeds of several that outlasted their load's patience, still going.
    var late: [FeedSource: Task<FeedLoader.Part, Never>] = [:]
  }

  /// Pages kept at most: the feeds a person follows, with room to spare; past it a page is
  /// read whole again on every refresh.
  static let pageLimit = 2_000

  private let state = Locked(State())
  /// Now, in seconds since 1970.
  let now: @Sendable () -> Int64
  /// Where pages are kept between runs; nil keeps them for this run only.
  let disk: (any PageStore)?

  public init(now: @escaping @Sendable () -> Int64, disk: (any PageStore)? = nil) {
    self.now = now
    self.disk = disk
  }

  public static func == (a: FeedMemory, b: FeedMemory) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// The page kept for `url`, with what asks its server whether it changed.
  func kept(_ url: String) -> KeptPage? { state.withLock { $0.pages[url] } }

  /// Keeps `page`, read from `url` with `validators`; a page with none is forgotten.
  func keep(_ page: NetworkReader.Page, at url: String, validators: PageValidators?) {
    state.withLock { state in
      guard let validators else {
        state.pages[url] = nil
        return
      }
      guard state.pages[url] != nil || state.pages.count < Self.pageLimit else { return }
      state.pages[url] = KeptPage(validators: validators, page: page)
    }
  }

  /// The page of `url` kept on disk by an earlier run, if any and whole.
  func stored(_ url: String) -> StoredPage? {
    guard let disk, !URLSecrets.holdsSecret(url),
      let bytes = disk.bytes(for: StoredPage.key(url), atMost: StoredPage.largestBody + 4096)
    else { return nil }
    return StoredPage(decoding: bytes)
  }

  /// Keeps `page`, read from `url`, on disk for the next run; a page that cannot be kept
  /// (`StoredPage.encoded()`) forgets what was kept of `url` before.
  func store(_ page: StoredPage, at url: String) {
    guard let disk, !URLSecrets.holdsSecret(url) else { return }
    if let bytes = page.encoded() {
      disk.store(bytes, for: StoredPage.key(url))
    } else {
      disk.remove(StoredPage.key(url))
    }
  }

  /// Forgets what is kept on disk of `url`: its copy could not be decoded.
  func forgetStored(_ url: String) {
    disk?.remove(StoredPage.key(url))
  }

  /// When `url`'s server may be asked again, and the status that asked to wait; nil when it
  /// may be now.
  package func wait(for url: String) -> (status: Int, until: Int64)? {
    let now = now()
    return state.withLock { state in
      guard let wait = state.waits[url] else { return nil }
      guard wait.until > now else {
        state.waits[url] = nil
        return nil
      }
      return wait
    }
  }

  /// `url`'s server answered `status` and asked not to be asked again before `until`.
  func waitFor(_ url: String, status: Int, until: Int64) {
    state.withLock { $0.waits[url] = (status, until) }
  }

  /// The feed of several `source` as last read, if it was.
  func part(_ source: FeedSource) -> KeptPart? { state.withLock { $0.parts[source] } }

  func keepPart(_ part: KeptPart, for source: FeedSource) {
    state.withLock { $0.parts[source] = part }
  }

  /// Notes the read of `source` that outlasted its load's patience, for the next load to take.
  func keepLate(_ read: Task<FeedLoader.Part, Never>, for source: FeedSource) {
    state.withLock { $0.late[source] = read }
  }

  /// The read of `source` that outlasted its load's patience, now the caller's to wait for.
  func takeLate(_ source: FeedSource) -> Task<FeedLoader.Part, Never>? {
    state.withLock { $0.late.removeValue(forKey: source) }
  }

  /// The feeds of several whose reads outlasted their load's patience and are not yet taken.
  package var lateFeeds: Set<FeedSource> { state.withLock { Set($0.late.keys) } }

  /// The feeds of several whose items last said they came from `name`.
  package func parts(named name: String) -> Set<FeedSource> {
    state.withLock { state in Set(state.parts.filter { $0.value.name == name }.keys) }
  }
}
