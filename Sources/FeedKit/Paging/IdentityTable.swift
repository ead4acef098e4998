/// The identities of a session's items, to drop an item whose identity is already loaded: an
/// open-addressing hash table of item positions, 4 bytes a slot.
///
/// Why not `Set<String>`: that holds every identity a second time, a heap string per item (about
/// 100 bytes for a 42-byte URL with the set's slot), more than the item itself. The table holds
/// positions into the session's items and reads identities from the items.
///
/// Exact: a slot matches only when its item's identity equals the new one as text (as `String`
/// compares), so two identities whose hashes collide are both kept. Linear probing at most
/// three quarters full; identities are compared along the probe, not only on equal hashes,
/// since storing hashes would double the table.
struct IdentityTable {
  /// Hashes an identity's UTF-8 bytes; equal identities (as `TextSlice.sameText` says) must
  /// hash alike. Tests pass a poor one to force collisions.
  typealias HashFunction = @Sendable (UnsafeBufferPointer<UInt8>) -> Int

  /// A slot is empty (0) or holds an item's position + 1.
  private var slots: [Int32] = []
  private(set) var count = 0
  private let hash: HashFunction

  init(hash: @escaping HashFunction = IdentityTable.standardHash) {
    self.hash = hash
  }

  static let standardHash: HashFunction = { bytes in
    var hasher = Hasher()
    TextSlice.hashText(bytes, into: &hasher)
    return hasher.finalize()
  }

  /// Room for `total` identities, so that inserting up to that many never grows the table.
  /// - Parameter item: the item at a position already in the table.
  mutating func reserve(_ total: Int, item: (Int) -> FeedItem) {
    var capacity = max(16, slots.count)
    while total * 4 > capacity * 3 { capacity *= 2 }
    guard capacity > slots.count else { return }
    let old = slots
    slots = [Int32](repeating: 0, count: capacity)
    for slot in old where slot != 0 {
      let position = Int(slot) - 1
      var index = item(position).withIdentityUTF8 { hash($0) } & (capacity - 1)
      while slots[index] != 0 { index = (index + 1) & (capacity - 1) }
      slots[index] = slot
    }
  }

  /// Adds the item at `position` unless an item with the same identity is in the table;
  /// whether it was added.
  /// - Parameter item: the item at a position in the table, or at `position`.
  /// - Complexity: O(1) on average.
  mutating func insert(_ position: Int, item: (Int) -> FeedItem) -> Bool {
    precondition(position >= 0 && position < Int(Int32.max), "IdentityTable: position too large")
    reserve(count + 1, item: item)
    let mask = slots.count - 1
    return item(position).withIdentityUTF8 { identity in
      var index = hash(identity) & mask
      while true {
        let slot = slots[index]
        if slot == 0 {
          slots[index] = Int32(position + 1)
          count += 1
          return true
        }
        let same = item(Int(slot) - 1).withIdentityUTF8 { TextSlice.sameText($0, identity) }
        if same { return false }
        index = (index + 1) & mask
      }
    }
  }

  /// After a batch inserted at positions `base + i` for its `i`th item, some of which were left
  /// out: moves each kept one to where it ends up once the left-out ones are removed.
  /// - Parameter dropped: the batch indices left out, ascending.
  mutating func closeGaps(after base: Int, dropped: [Int]) {
    guard !dropped.isEmpty else { return }
    for index in slots.indices where Int(slots[index]) - 1 >= base {
      let i = Int(slots[index]) - 1 - base
      // How many left-out indices are below i: a binary search.
      var low = 0
      var high = dropped.count
      while low < high {
        let middle = (low + high) / 2
        if dropped[middle] < i { low = middle + 1 } else { high = middle }
      }
      slots[index] = Int32(base + i - low + 1)
    }
  }
}
