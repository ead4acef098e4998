import Locking

/// How far the page being loaded has got: bytes read, of how many when known, and the items it
/// held once decoded. Loaders write it as bytes arrive; a display reads `snapshot` whenever it
/// redraws (a progress bar on stderr, the browser's status line).
///
/// A class because the loader and the display share it across threads; a mutex keeps each
/// update whole. Two options values are equal only when they share the same one.
public final class LoadProgress: Hashable, Sendable {
  /// The state of one load at one moment.
  public struct Snapshot: Hashable, Sendable {
    /// Bytes of the body read so far (after gzip is undone, for http).
    public var bytes = 0
    /// The body's size when the source says it in advance (a file's size, `Content-Length`).
    public var total: Int?
    /// Items decoded so far (a streamed file's, a read's worth at a time), then the page's
    /// count once it is decoded.
    public var items: Int?
    /// Whether a load is running.
    public var isLoading = false
    /// The bytes read when the decoder last said how many items it had: what those items were
    /// decoded from. The reader may be a read further on, and items over all the bytes read
    /// would be too few (half, a read after the first).
    public var decodedBytes: Int

    /// - Parameter decodedBytes: the bytes `items` were decoded from; `bytes` if not given.
    public init(
      bytes: Int = 0, total: Int? = nil, items: Int? = nil, isLoading: Bool = false,
      decodedBytes: Int? = nil
    ) {
      self.bytes = bytes
      self.total = total
      self.items = items
      self.isLoading = isLoading
      self.decodedBytes = decodedBytes ?? bytes
    }

    /// `12.5 MiB of 40.0 MiB`, or `12.5 MiB` when the total is not known.
    public var amount: String {
      let read = Self.approximate(bytes)
      return total.map { "\(read) of \(Self.approximate($0))" } ?? read
    }

    /// `512 bytes`, `12.5 KiB`, `84.7 MiB`, `1.2 GiB`: a size to a tenth of its unit, for a
    /// display that changes as it reads (a limit's exact size is `ByteCountText`).
    package static func approximate(_ bytes: Int) -> String {
      guard bytes >= 1 << 10 else { return "\(bytes) bytes" }
      let (unit, name) =
        bytes >= 1 << 30 ? (1 << 30, "GiB") : bytes >= 1 << 20 ? (1 << 20, "MiB") : (1 << 10, "KiB")
      let tenths = (bytes * 10 + unit / 2) / unit
      return "\(tenths / 10).\(tenths % 10) \(name)"
    }

    /// How many items the whole body holds, judging by the items decoded so far and the bytes
    /// they came from, with 2 % to spare; nil until there are both, or for a size no page has.
    /// For making room once rather than growing step by step: a guess too high costs address
    /// space, as nothing is written there; one too low made the browser's arrays grow, the old
    /// and the new held at once (a tenth more resident memory at the peak for a million items).
    public var estimatedTotalItems: Int? {
      guard let total, let items, items > 0, decodedBytes > 0, total >= decodedBytes else {
        return nil
      }
      let estimate = Double(items) * Double(total) / Double(decodedBytes) * 1.02
      guard estimate.isFinite, estimate < 100_000_000 else { return nil }
      return Int(estimate)
    }

    /// The part read, 0…1, when the total is known.
    public var fraction: Double? {
      guard let total, total > 0 else { return nil }
      return min(1, Double(bytes) / Double(total))
    }
  }

  private let state = Locked(Snapshot())

  public init() {}

  public var snapshot: Snapshot { state.withLock { $0 } }

  /// A new page starts loading; `total` is its size if known.
  package func begin(total: Int?) {
    state.withLock { $0 = Snapshot(total: total, isLoading: true) }
  }

  /// `bytes` of the body have been read in all.
  package func read(_ bytes: Int) {
    state.withLock { $0.bytes = bytes }
  }

  /// The size became known after the load began (an http response's headers).
  package func expect(total: Int?) {
    state.withLock { $0.total = total }
  }

  /// The decoder kept `count` more items, from the bytes read so far.
  package func decoded(more count: Int) {
    state.withLock {
      $0.items = ($0.items ?? 0) + count
      $0.decodedBytes = $0.bytes
    }
  }

  /// The page is decoded (or failed): `items` items, nil on failure.
  package func end(items: Int?) {
    state.withLock {
      $0.items = items
      $0.isLoading = false
    }
  }

  public static func == (a: LoadProgress, b: LoadProgress) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
