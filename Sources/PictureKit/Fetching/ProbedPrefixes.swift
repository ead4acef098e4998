import FeedModel
import Locking

/// The first bytes of web pictures that size probes read and that were not the whole picture,
/// kept in memory until the picture is fetched: the fetch then asks only for the rest
/// (`Range: bytes=N-`), so no byte of a picture crosses the network twice. Kept whether or not
/// there is a disk cache (`--no-cache` too), within a byte budget, the oldest dropped first:
/// a prefix dropped costs its bytes read again, never a wrong picture.
public final class ProbedPrefixes: Sendable {
  /// A picture's first bytes and what identifies the version they came from.
  public struct Prefix: Sendable, Equatable {
    public var bytes: [UInt8]
    /// The `If-Range` value (a strong `ETag` or a `Last-Modified` date); nil when the server
    /// gave neither, and the rest is then checked by its `Content-Range` alone.
    public var validator: String?
    /// The whole file's length, when the server said it.
    public var total: Int?

    public init(bytes: [UInt8], validator: String? = nil, total: Int? = nil) {
      self.bytes = bytes
      self.validator = validator
      self.total = total
    }
  }

  /// The prefixes the browser and `cascade print` share: 16 MiB, some 250 first reads of
  /// 64 KiB, more than the pictures of several screens probed ahead of their fetch.
  public static let shared = ProbedPrefixes(budget: 16 << 20)

  /// For probes whose pictures are never fetched (`cascade layout`): keeps nothing.
  public static let keepingNothing = ProbedPrefixes(budget: 0)

  private struct Store {
    var prefixes: [String: Prefix] = [:]
    /// URLs in the order kept, the oldest first.
    var order: [String] = []
    var bytes = 0
  }

  private let budget: Int
  private let store = Locked(Store())

  public init(budget: Int) { self.budget = budget }

  /// Keeps `prefix` for `url` (replacing an older one), dropping the oldest past the budget.
  /// Prefixes are a first read or more (64 KiB), so the budget holds a few hundred at most.
  public func keep(_ prefix: Prefix, for url: String) {
    guard !prefix.bytes.isEmpty, prefix.bytes.count <= budget else { return }
    store.withLock { store in
      if let old = store.prefixes.updateValue(prefix, forKey: url) {
        store.bytes -= old.bytes.count
        store.order.removeAll { $0 == url }
      }
      store.order.append(url)
      store.bytes += prefix.bytes.count
      while store.bytes > budget, let oldest = store.order.first {
        store.order.removeFirst()
        if let gone = store.prefixes.removeValue(forKey: oldest) { store.bytes -= gone.bytes.count }
      }
    }
  }

  /// `url`'s prefix, taken out: the fetch that continues it owns it.
  public func take(_ url: String) -> Prefix? {
    store.withLock { store in
      guard let prefix = store.prefixes.removeValue(forKey: url) else { return nil }
      store.bytes -= prefix.bytes.count
      store.order.removeAll { $0 == url }
      return prefix
    }
  }

  /// The bytes kept, all prefixes together.
  public var byteCount: Int { store.withLock { $0.bytes } }

  /// Probes that gave up on a silent or dripping server: the failure, and until when the
  /// picture's fetch takes it instead of waiting for the server again.
  private let gaveUp = Locked([String: (failure: FeedError, until: ContinuousClock.Instant)]())

  /// Most probes that gave up remembered at once; the oldest deadlines go first past it.
  static let gaveUpLimit = 1024

  /// Remembers that the probe of `url` gave up with `failure` (a timeout): a picture has one
  /// deadline for all its network waits, and its fetch right after (before `until`) fails at
  /// once, rather than waiting `--timeout` or `--picture-time` a second time.
  public func probeGaveUp(
    _ url: String, with failure: FeedError, until: ContinuousClock.Instant
  ) {
    gaveUp.withLock { table in
      table[url] = (failure, until)
      guard table.count > Self.gaveUpLimit else { return }
      let now = ContinuousClock.now
      table = table.filter { $0.value.until > now }
      while table.count > Self.gaveUpLimit,
        let oldest = table.min(by: { $0.value.until < $1.value.until })
      {
        table.removeValue(forKey: oldest.key)
      }
    }
  }

  /// Why the probe of `url` gave up, taken out, when it did before `now` reached its deadline.
  public func probeFailure(_ url: String, at now: ContinuousClock.Instant = .now) -> FeedError? {
    gaveUp.withLock { table in
      guard let entry = table.removeValue(forKey: url), entry.until > now else { return nil }
      return entry.failure
    }
  }
}
