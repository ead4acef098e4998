/// The columns of a waterfall ranked by their bottoms, lowest first, with the column each slot
/// holds: the state the waterfall carries from one picture to the next for 2 to 8 columns.
///
/// Each item's column waits on the bottom the item before changed, so the chain from one choice
/// to the next is the placing loop's cost. Kept in column order, finding the lowest bottom is a
/// tree of minimums and the leftmost column within the tolerance a compare and a scan on that
/// chain. Kept ranked, the lowest is slot 0, and when no other column is within the tolerance
/// of it (or only one, further right) slot 0 is the choice: the chain is two additions (the
/// item's top and its bottom) and a minimum (the next lowest is the new bottom or slot 1's).
/// The new bottom goes back into the ranking with a raise and a lower per lane, worked out for
/// every lane at once (`ColumnLanes`); the columns follow in the bytes of one integer. The rare
/// item with a closer tie takes a slower path, which the branch predictor keeps off the chain.
///
/// Ties in the ranking keep no particular order: the choice reads the columns of every slot
/// within the tolerance, exactly as the rule says (the leftmost column whose bottom is within
/// `tolerance` of the lowest).
struct RankedColumns<Lanes: ColumnLanes> {
  /// The bottoms, lowest first; lanes past the last column are +infinity.
  private var bottoms: Lanes
  /// The column in each slot, a byte a slot, slot 0 in the low byte.
  private var columns: UInt64
  private let count: Int
  /// Slot 0's bottom, and slot 0's and slot 1's columns, kept apart so that the next choice
  /// reads them without waiting for the vector and the byte shuffle of the item before.
  private var lowest: Double
  private var firstColumn: UInt64
  private var secondColumn: UInt64

  /// Ranks `bottoms`: at least 2 of them, so that slot 1 is a column, and at most one a lane
  /// (slot 2 is a column too whenever the lanes have it: 4 lanes serve 3 or 4 columns, 8 serve
  /// 5 to 8).
  init(_ bottoms: UnsafeMutableBufferPointer<Double>) {
    precondition(bottoms.count >= 2 && bottoms.count <= Lanes.scalarCount && Lanes.scalarCount <= 8)
    let ranked = bottoms.indices.sorted { bottoms[$0] < bottoms[$1] }
    var lanes = Lanes(repeating: .infinity)
    var columns: UInt64 = 0
    for (slot, column) in ranked.enumerated() {
      lanes[slot] = bottoms[column]
      columns |= UInt64(column) << UInt64(8 * slot)
    }
    self.bottoms = lanes
    self.columns = columns
    count = bottoms.count
    lowest = lanes[0]
    firstColumn = columns & 0xFF
    secondColumn = columns >> 8 & 0xFF
  }

  /// Writes each column's bottom back to `bottoms`, in column order.
  func store(into bottoms: UnsafeMutableBufferPointer<Double>) {
    for slot in 0..<count { bottoms[Int(columns >> UInt64(8 * slot) & 0xFF)] = self.bottoms[slot] }
  }

  /// Places one picture of `height`: into the leftmost column whose bottom is within
  /// `tolerance` of the lowest, `rowSpacing` below that bottom. Returns its top and column.
  @inline(__always)
  mutating func place(height: Double, rowSpacing: Double, tolerance: Double) -> (
    y: Double, column: Int
  ) {
    let limit = lowest + tolerance
    let thirdTies = Lanes.scalarCount > 2 && bottoms[2] <= limit
    let y: Double
    let column: UInt64
    if slotZeroWins(limit) {
      (y, column) = (lowest + rowSpacing, firstColumn)
      let bottom = y + height
      let third = columns >> 16 & 0xFF
      let nextFirst = bottoms[1] > bottom ? column : secondColumn
      secondColumn =
        Lanes.scalarCount > 2 && bottoms[2] <= bottom
        ? third : bottoms[1] <= bottom ? column : secondColumn
      firstColumn = nextFirst
      lowest = Swift.min(bottom, bottoms[1])
      insert(bottom, column: column, replacing: 0, rest: columns >> 8)
    } else {
      // Slot 1 when only it ties (its column is then the further left, or the first branch
      // would have been taken), spelled out so that its bottom is read from a known lane;
      // otherwise read every slot within.
      if !thirdTies {
        (y, column) = (bottoms[1] + rowSpacing, secondColumn)
        insert(
          y + height, column: column, replacing: 1, rest: columns & 0xFF | columns >> 8 & ~0xFF)
      } else {
        let slot = leftmostSlot(within: limit)
        (y, column) = (bottoms[slot] + rowSpacing, columns >> UInt64(8 * slot) & 0xFF)
        let below = (UInt64(1) << UInt64(8 * slot)) &- 1
        insert(
          y + height, column: column, replacing: slot, rest: columns & below | columns >> 8 & ~below
        )
      }
      lowest = bottoms[0]
      firstColumn = columns & 0xFF
      secondColumn = columns >> 8 & 0xFF
    }
    return (y, Int(truncatingIfNeeded: column))
  }

  /// Whether slot 0 takes the next picture: no other column is within the tolerance of it
  /// (`limit`), or only slot 1's, further right. The placing loop's one branch on the bottoms.
  ///
  /// At 8 columns slot 1 is within the tolerance for a third of the pictures, and its column
  /// is left or right of slot 0's at random: a branch on each condition missed far more often
  /// than one on the answer (19 % slot 0 loses). So, from 3 columns on, the conditions are
  /// worked out without a branch and combined in bits. The bottoms are compared as integers,
  /// which order doubles of the same sign as they compare, because LLVM turns a choice between
  /// two doubles, and a chain of boolean conditions, back into branches. Every bottom here and
  /// `limit` are +0.0 or above, never -0.0 (which would rank below +0.0): a started column's
  /// bottom is a sum whose last term, a height, is not -0.0, and so is `limit`, a bottom plus
  /// the tolerance. At 2 columns a tie is rare and the plain test is faster.
  @inline(__always)
  private func slotZeroWins(_ limit: Double) -> Bool {
    guard Lanes.scalarCount > 2 else { return bottoms[1] > limit || secondColumn > firstColumn }
    let limitBits = Int64(bitPattern: limit.bitPattern)
    let apart =
      (Int64(bitPattern: bottoms[1].bitPattern) > limitBits ? 1 : 0)
      | (Int64(bitPattern: bottoms[2].bitPattern) > limitBits ? 2 : 0)
    // Slot 1 further right: slot 0 wins unless slot 2 ties too; further left: unless slot 1 ties.
    return (apart >> (secondColumn > firstColumn ? 1 : 0)) & 1 != 0
  }

  /// The slot of the leftmost column among those whose bottom is at or below `limit` (a prefix
  /// of the ranking: at least slot 0).
  @inline(__always)
  private func leftmostSlot(within limit: Double) -> Int {
    let within = UInt64(Swift.min(bottoms.count(atOrBelow: limit), count))
    var slot: UInt64 = 0
    var best = columns & 0xFF
    for candidate in UInt64(1)..<UInt64(Lanes.scalarCount) {
      let column = columns >> (8 &* candidate) & 0xFF
      let better = candidate < within && column < best
      best = better ? column : best
      slot = better ? candidate : slot
    }
    return Int(slot)
  }

  /// Takes slot `slot` out of the ranking and puts `bottom` (not below that slot's bottom) of
  /// `column` where it ranks; `rest` is `columns` without the slot's byte.
  @inline(__always)
  private mutating func insert(_ bottom: Double, column: UInt64, replacing slot: Int, rest: UInt64)
  {
    if Lanes.scalarCount == 2 {
      // Two slots: the other one and the new bottom, in order (the other first on a tie, as
      // below), as a minimum, a maximum and the columns' bytes shifted by the comparison: the
      // lane-wise form below took three times the instructions, and at 2 columns the loop is
      // bound by them (13 % of a layout). Selects of whole values became branches, which miss
      // half the time here.
      let other = bottoms[1 - slot]
      let otherColumn = rest & 0xFF
      let otherFirst = other <= bottom
      bottoms[0] = bottom < other ? bottom : other
      bottoms[1] = other < bottom ? bottom : other
      let order = UInt64(otherFirst ? 8 : 0)
      columns = otherColumn &<< (8 &- order) | column &<< order
      return
    }
    // The slots from `slot` on take the next slot's bottom or `bottom`, whichever is lower, but
    // not below their own: the clamp of `bottom` between the two.
    let placed = bottoms.raised(to: bottom).lowered(to: bottoms.shiftedDown())
    // Every slot at or below `bottom` but the one taken out ranks before it (the lanes past
    // the last column too, were `bottom` +infinity, so the count stops at the columns).
    let below = Swift.min(bottoms.count(atOrBelow: bottom), count)
    let rank = UInt64(truncatingIfNeeded: below - 1) &* 8
    bottoms = slot == 0 ? placed : bottoms.keeping(before: slot, rest: placed)
    let before: UInt64 = (1 &<< rank) &- 1
    columns = rest & before | column &<< rank | (rest & ~before) &<< 8
  }
}
