/// The column bottoms of a waterfall held in one SIMD vector, a lane a column, the lanes past
/// the last column at +infinity: the placing loop's state for up to 4 columns, kept in
/// registers from item to item instead of in an array.
///
/// The portable `SIMD` types lower to vector instructions on any target. What they buy is a
/// shorter chain from one item's column to the next: the lowest bottom is a tree of pointwise
/// minimums, the columns within the tolerance one compare, the leftmost of them is picked out
/// in the vector registers (not through a bit mask in an integer register and back), and the
/// chosen column's new bottom, worked out for every lane while the choice is made, is blended
/// in. With two lanes there is no tree: one compare decides. A lane at +infinity is never below
/// a finite limit, and when the limit is +infinity lane 0 is within it too, so a padding lane
/// is never chosen.
///
/// Eight lanes were slower than the scalar loop: on the baseline x86-64 target (SSE2) a vector
/// of eight takes four registers, and its compares, blends and shuffles cost more than the
/// chain they shorten.
///
/// Each width spells its operations out with the concrete types' operators: the generic `SIMD`
/// ones are loops over the lanes, which the optimiser can leave as loops through memory.
protocol ColumnLanes: SIMD where Scalar == Double, MaskStorage.Scalar == Int64 {
  /// The lowest lane: exactly `Swift.min` over the lanes, as a tree instead of a chain.
  var lowest: Double { get }
  /// All ones in the leftmost lane at or below the lowest of `limits` (each lane's bottom plus
  /// the tolerance), zero in the others.
  func leftmost(within limits: Self) -> MaskStorage
  /// The number of the lane that `chosen` (from `leftmost(within:)`) marks.
  static func lane(_ chosen: MaskStorage) -> Int
  /// Every lane plus `value`.
  func adding(_ value: Double) -> Self
  /// The lane that `chosen` marks set to that lane of `other`, the others kept.
  mutating func take(_ chosen: MaskStorage, from other: Self)
}

extension SIMD2: ColumnLanes where Scalar == Double {
  @inline(__always)
  var lowest: Double { Swift.min(self[0], self[1]) }

  /// Lane 0 is within its own limit, so it is within the lowest exactly when it is within lane
  /// 1's; if it is not, lane 1 is the lowest and the choice. One compare on the chain instead of
  /// a minimum, a compare and a leftmost. Both lanes compare the same pair so that the compiler
  /// keeps the result a vector mask: from a compare of lane 0 alone it made a branch, which
  /// mispredicts on every other item.
  @inline(__always)
  func leftmost(within limits: Self) -> SIMD2<Int64> {
    let first = Self(repeating: x) .<= Self(repeating: limits.y)
    return SIMD2<Int64>().replacing(with: -1, where: first) ^ SIMD2<Int64>(0, -1)
  }

  /// All ones in the leftmost lane at or below `limit`, zero in the others: each half of
  /// `SIMD4.leftmost(within:)`.
  @inline(__always)
  func leftmost(atOrBelow limit: Double) -> SIMD2<Int64> {
    let within = SIMD2<Int64>().replacing(with: -1, where: self .<= Self(repeating: limit))
    return within & ~SIMD2<Int64>(0, within[0])
  }

  @inline(__always)
  static func lane(_ chosen: SIMD2<Int64>) -> Int {
    Int((chosen & SIMD2<Int64>(0, 1)).wrappedSum())
  }

  @inline(__always)
  func adding(_ value: Double) -> Self { self + value }

  @inline(__always)
  mutating func take(_ chosen: SIMD2<Int64>, from other: Self) {
    replace(with: other, where: chosen .!= 0)
  }
}

extension SIMD4: ColumnLanes where Scalar == Double {
  @inline(__always)
  var lowest: Double {
    let low = lowHalf
    let high = highHalf
    return low.replacing(with: high, where: high .< low).lowest
  }

  @inline(__always)
  func leftmost(within limits: Self) -> SIMD4<Int64> {
    let limit = limits.lowest
    let low = lowHalf.leftmost(atOrBelow: limit)
    let high = highHalf.leftmost(atOrBelow: limit)
    let lowHas = SIMD2<Int64>(repeating: low[0] | low[1])
    return SIMD4<Int64>(lowHalf: low, highHalf: high & ~lowHas)
  }

  @inline(__always)
  static func lane(_ chosen: SIMD4<Int64>) -> Int {
    Int((chosen & SIMD4<Int64>(0, 1, 2, 3)).wrappedSum())
  }

  @inline(__always)
  func adding(_ value: Double) -> Self { self + value }

  @inline(__always)
  mutating func take(_ chosen: SIMD4<Int64>, from other: Self) {
    replace(with: other, where: chosen .!= 0)
  }
}
