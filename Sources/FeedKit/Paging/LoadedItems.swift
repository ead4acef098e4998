/// What a session knows of the items it has loaded: their texts, by position, and the table of
/// their identities, to drop an item whose identity is already loaded.
///
/// Texts alone, 8 bytes an item in a `TextColumn` (and the table's 8-byte slots): the browser
/// keeps the items themselves, and a million items are not held twice.
struct LoadedItems {
  private(set) var texts = TextColumn()
  private var identities = IdentityTable()

  var count: Int { texts.count }

  /// Makes room for `total` items, so that loading that many grows neither the table (each
  /// growth hashes every identity again) nor the texts.
  mutating func reserve(_ total: Int) {
    identities.reserve(total)
    texts.reserveCapacity(total)
  }

  /// The identities, in order (`FeedItem.identity`).
  var identityStrings: [String] { (0..<texts.count).map { FeedItem(texts: texts[$0]).identity } }

  /// The items whose identity is new (within `candidates` too), recorded as loaded. When none
  /// is dropped, that is `candidates` itself, not a copy.
  mutating func keepNew(_ candidates: [FeedItem]) -> [FeedItem] {
    let dropped = identify(candidates)
    guard !dropped.isEmpty else {
      texts.append(contentsOf: candidates.lazy.map(\.texts))
      return candidates
    }
    var fresh: [FeedItem] = []
    fresh.reserveCapacity(candidates.count - dropped.count)
    var next = 0
    for (i, candidate) in candidates.enumerated() {
      if next < dropped.count, dropped[next] == i {
        next += 1
      } else {
        fresh.append(candidate)
      }
    }
    texts.append(contentsOf: fresh.lazy.map(\.texts))
    return fresh
  }

  /// Records the identities of `candidates` at the positions they will have once the new ones
  /// are appended to `texts`; the indices of those whose identity is already loaded (or
  /// earlier in `candidates`), ascending.
  private mutating func identify(_ candidates: [FeedItem]) -> [Int] {
    let kept = texts
    let base = kept.count
    return candidates.withUnsafeBufferPointer { fresh in
      let identity: IdentityTable.IdentityReader = { position, body in
        if position < base {
          kept[position].withIdentityUTF8(body)
        } else {
          fresh[position - base].withIdentityUTF8(body)
        }
      }
      let dropped = identities.insert(from: base, count: fresh.count, identity: identity)
      identities.closeGaps(after: base, dropped: dropped)
      return dropped
    }
  }
}
