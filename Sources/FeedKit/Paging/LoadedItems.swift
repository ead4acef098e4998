import FeedModel

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
  /// is dropped, that is `candidates` itself, not a copy. Each item dropped is recorded in
  /// `skipped` by its place in its page (`candidates[0]` is item `firstPosition`): an item left
  /// out without a word looked like a lost one.
  mutating func keepNew(
    _ candidates: [FeedItem], firstPosition: Int = 1, skipped: inout SkipReport
  ) -> [FeedItem] {
    let dropped = identify(candidates)
    guard let first = dropped.first else {
      texts.append(contentsOf: candidates)
      return candidates
    }
    let repeated =
      if candidates[first].id != nil {
        "id"
      } else if candidates[first].hasPicture {
        "picture URL"
      } else {
        "title, link and text"
      }
    skipped.record(
      "item \(firstPosition + first): the same \(repeated) as an item already in the feed")
    for _ in dropped.dropFirst() { skipped.record("") }
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
    texts.append(contentsOf: fresh)
    return fresh
  }

  /// Records the identities of `candidates` at the positions they will have once the new ones
  /// are appended to `texts`; the indices of those whose identity is already loaded (or
  /// earlier in `candidates`), ascending.
  private mutating func identify(_ candidates: [FeedItem]) -> [Int] {
    candidates.withUnsafeBufferPointer { fresh in
      let page = PageIdentities(kept: texts, fresh: fresh)
      let dropped = identities.insert(from: texts.count, count: fresh.count, identities: page)
      identities.closeGaps(after: texts.count, dropped: dropped)
      return dropped
    }
  }
}

/// The identities of a session's items and of a batch after them, at the positions the batch's
/// items will have.
private struct PageIdentities: IdentitySource {
  let kept: TextColumn
  let fresh: UnsafeBufferPointer<FeedItem>

  func withIdentity<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    guard position >= kept.count, let first = fresh.baseAddress else {
      return kept[position].withIdentityUTF8(body)
    }
    // Through `pointee`, so the item is read where it is, not copied (a retain and a release of
    // its text block).
    return (first + (position - kept.count)).pointee.withIdentityUTF8(body)
  }
}
