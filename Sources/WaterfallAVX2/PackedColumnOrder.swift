/// Up to 16 column numbers in order of their bottoms, four bits each, the front (the shortest
/// column) in the low bits.
///
/// `placeSortedAVX2` keeps its permutation in one register this way: moving the front to its new
/// place is a few shifts and masks whatever the column count, where a register per column costs
/// two conditional moves per column and item.
struct PackedColumnOrder: Equatable, Sendable {
  private(set) var bits: UInt64 = 0

  /// `columns[k]` at position k, front first; at most 16 of them, each below 16.
  init(_ columns: some Sequence<Int>) {
    for (k, column) in columns.enumerated() {
      bits |= UInt64(truncatingIfNeeded: column & 0xF) &<< UInt64(4 * k)
    }
  }

  /// The column at position k (0 is the front).
  subscript(k: Int) -> Int {
    Int(truncatingIfNeeded: (bits &>> UInt64(4 * k)) & 0xF)
  }

  var front: Int { Int(truncatingIfNeeded: bits & 0xF) }

  /// Takes the front out and puts it back after the next `count` columns, which move one place
  /// forward: what placing an item does to the order when its column's new bottom sorts after
  /// `count` others.
  @inline(__always)
  mutating func reinsertFront(after count: Int) {
    let rest = bits &>> 4
    let shift = UInt64(truncatingIfNeeded: count &* 4)
    let kept = (1 &<< shift) &- 1
    bits = (rest & kept) | ((bits & 0xF) &<< shift) | ((rest & ~kept) &<< 4)
  }

  /// Swaps the front with position k when that column is further left: the waterfall's tie
  /// rule, for a position whose bottom equals the front's.
  @inline(__always)
  mutating func preferLeft(_ k: Int) {
    let shift = UInt64(truncatingIfNeeded: 4 * k)
    let front = bits & 0xF
    let other = (bits &>> shift) & 0xF
    if other < front { bits ^= (front ^ other) | ((front ^ other) &<< shift) }
  }
}
