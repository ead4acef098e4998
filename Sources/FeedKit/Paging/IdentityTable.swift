import FeedModel

/// The identities of a session's items, to drop an item whose identity is already loaded: an
/// open-addressing hash table of item positions, each beside 32 bits of its identity's hash.
///
/// Why not `Set<String>`: that holds every identity a second time, a heap string per item (about
/// 100 bytes for a 42-byte URL with the set's slot), more than the item itself. The table holds
/// positions into the session's items and reads identities from the items.
///
/// Exact: a slot matches only when its item's identity equals the new one as text (as `String`
/// compares), so two identities whose hashes collide are both kept. Linear probing at most
/// three quarters full. The hash bits kept in each slot (8 bytes a slot, about 11 an item) spare
/// a probe the trip to the item's text for every slot it passes, and a growth the rehashing of
/// every identity; they cost 5 bytes an item over positions alone, and a probe that used to wait
/// on two or three cache misses waits on one.
struct IdentityTable {
  /// Hashes an identity's UTF-8 bytes; equal identities (as `TextHandle.sameText` says) must
  /// hash alike. Tests pass a poor one to force collisions.
  typealias HashFunction = @Sendable (UnsafeBufferPointer<UInt8>) -> Int

  /// A slot is empty (0) or holds an item's position + 1 in its low 32 bits and the low 32 bits
  /// of its identity's hash in its high 32 bits.
  private var slots: [UInt64] = []
  private(set) var count = 0
  private let hash: HashFunction

  init(hash: @escaping HashFunction = IdentityTable.standardHash) {
    self.hash = hash
  }

  static let standardHash: HashFunction = { bytes in
    var hasher = freshHasher
    TextHandle.hashText(bytes, into: &hasher)
    return hasher.finalize()
  }

  /// A new `Hasher`, copied: every new one in a process is the same (seeded once per process),
  /// and a copy of 72 bytes costs less than `Hasher()` working out its seeded state again, once
  /// an item.
  private static let freshHasher = Hasher()

  /// The number of slots.
  var capacity: Int { slots.count }

  /// Room for `total` identities, so that inserting up to that many never grows the table: a
  /// caller that knows how many are coming gets a table of just the slots they need.
  mutating func reserve(_ total: Int) {
    grow(toHold: total, geometric: false)
  }

  /// Makes the table at most three quarters full with `total` identities in it; a growth of a
  /// table filled one batch at a time at least doubles it, so that inserting n identities
  /// moves each slot a bounded number of times.
  ///
  /// Any number of slots, not only powers of two: a position's home is the tag scaled to the
  /// table (the high half of `tag × capacity`), so a million identities take 1.33 million slots
  /// (10.7 MB) where the next power of two took 2.1 million (16.8 MB): 6 bytes an item.
  private mutating func grow(toHold total: Int, geometric: Bool) {
    let needed = max(16, (total * 4 + 2) / 3)
    guard needed > slots.count else { return }
    let capacity = geometric ? max(needed, 2 * slots.count) : needed
    let old = slots
    slots = [UInt64](repeating: 0, count: capacity)
    for slot in old where slot != 0 {
      var index = Self.home(slot >> 32, capacity)
      while slots[index] != 0 { index = Self.next(index, capacity) }
      slots[index] = slot
    }
  }

  /// The 32 bits of an identity's hash a slot keeps, and its home is scaled from.
  @inline(__always)
  private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: hash)) }

  /// The home slot of a 32-bit tag in a table of `capacity` slots.
  @inline(__always)
  private static func home(_ tag: UInt64, _ capacity: Int) -> Int {
    Int(truncatingIfNeeded: (tag &* UInt64(capacity)) >> 32)
  }

  /// The slot after `index`, wrapping at the end: linear probing.
  @inline(__always)
  private static func next(_ index: Int, _ capacity: Int) -> Int {
    index + 1 == capacity ? 0 : index + 1
  }

  /// Adds the item at `position` unless an item with the same identity is in the table;
  /// whether it was added.
  /// - Parameter identities: the items at the positions in the table, and at `position`.
  /// - Complexity: O(1) on average.
  mutating func insert<Source: IdentitySource>(_ position: Int, identities: Source) -> Bool {
    grow(toHold: count + 1, geometric: true)
    let home = identities.withIdentity(at: position) { hash($0) }
    return insert(position, hash: home, identities: identities)
  }

  /// Adds the items at positions `base + i` for `i` in `0..<count` in order, as `insert` would
  /// one by one; the `i` of those left out, ascending.
  ///
  /// In groups of sixteen: the group's hashes first, then a read of each home slot, then the
  /// inserts. The reads do not wait on each other, so the processor fetches the slots
  /// (scattered over a table of megabytes) at once instead of one after another.
  mutating func insert<Source: IdentitySource>(
    from base: Int, count: Int, identities: Source
  ) -> [Int] {
    grow(toHold: self.count + count, geometric: true)
    var dropped: [Int] = []
    // Copied once: called as `self.hash` in a mutating method, the closure's context was
    // retained and released around every call.
    let hash = self.hash
    let group = 16
    withUnsafeTemporaryAllocation(of: Int.self, capacity: group) { hashes in
      var start = 0
      while start < count {
        let size = min(group, count - start)
        var touched: UInt64 = 0
        let capacity = slots.count
        for k in 0..<size { hashes[k] = identities.withIdentity(at: base + start + k, hash) }
        // In a loop of their own, so that all the reads are in flight at once (between two
        // hashes there are more instructions than the processor looks ahead).
        for k in 0..<size {
          touched |= slots[Self.home(Self.tag(hashes[k]), capacity)]
        }
        // Keeps the reads, whose values are not otherwise needed: no slot is all ones (a
        // position + 1 stays below 2^31), but the compiler cannot know that.
        if touched == .max { dropped.reserveCapacity(count) }
        for k in 0..<size where !insert(base + start + k, hash: hashes[k], identities: identities) {
          dropped.append(start + k)
        }
        start += size
      }
    }
    return dropped
  }

  /// `insert` with the identity's hash already known; the table has room.
  private mutating func insert<Source: IdentitySource>(
    _ position: Int, hash: Int, identities: Source
  ) -> Bool {
    precondition(position >= 0 && position < Int(Int32.max), "IdentityTable: position too large")
    let tag = Self.tag(hash)
    let capacity = slots.count
    var index = Self.home(tag, capacity)
    while true {
      let slot = slots[index]
      if slot == 0 {
        slots[index] = tag << 32 | UInt64(position + 1)
        count += 1
        return true
      }
      if slot >> 32 == tag {
        let other = Int(slot & 0xFFFF_FFFF) - 1
        let same = identities.withIdentity(at: position) { new in
          identities.withIdentity(at: other) { TextHandle.sameText($0, new) }
        }
        if same { return false }
      }
      index = Self.next(index, capacity)
    }
  }

  /// After a batch inserted at positions `base + i` for its `i`th item, some of which were left
  /// out: moves each kept one to where it ends up once the left-out ones are removed.
  /// - Parameter dropped: the batch indices left out, ascending.
  mutating func closeGaps(after base: Int, dropped: [Int]) {
    guard !dropped.isEmpty else { return }
    for index in slots.indices where Int(slots[index] & 0xFFFF_FFFF) - 1 >= base {
      let i = Int(slots[index] & 0xFFFF_FFFF) - 1 - base
      // How many left-out indices are below i: a binary search.
      var low = 0
      var high = dropped.count
      while low < high {
        let middle = (low + high) / 2
        if dropped[middle] < i { low = middle + 1 } else { high = middle }
      }
      slots[index] = slots[index] & 0xFFFF_FFFF_0000_0000 | UInt64(base + i - low + 1)
    }
  }
}

/// Where an `IdentityTable` reads the identities of the items it holds positions of: the UTF-8
/// bytes of each, read in place.
///
/// A protocol the table is generic over, not a closure: the table's loops are specialised for
/// the session's items and read them inline, where a closure's call per item (its context
/// retained and released each time) and copying an item out (a retain and a release of its
/// text block) cost more than the hashing.
protocol IdentitySource {
  /// Calls `body` with the UTF-8 bytes of the identity of the item at `position`.
  func withIdentity<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
}
