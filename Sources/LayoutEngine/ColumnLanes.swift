/// Column bottoms held in one SIMD vector, a lane a slot, the lanes past the last column at
/// +infinity: the waterfall's state for up to 8 columns, kept in registers from item to item
/// instead of in an array (`RankedColumns`).
///
/// Each operation is written lane by lane with a strict comparison, the shape LLVM turns into
/// one `maxpd`/`minpd` a register on the baseline x86-64 target. The generic `SIMD` spellings
/// (`replacing(with:where:)` with a mask, `pointwiseMin`) became compares through integer
/// masks and blends, three to eight instructions where one does.
protocol ColumnLanes: SIMD where Scalar == Double {
  /// How many lanes are at or below `value`.
  func count(atOrBelow value: Double) -> Int
}

extension ColumnLanes {
  /// Each lane raised to `value` where it is lower.
  @inline(__always)
  func raised(to value: Double) -> Self {
    var result = self
    for i in 0..<Self.scalarCount { result[i] = self[i] < value ? value : self[i] }
    return result
  }

  /// Each lane lowered to the same lane of `other` where that is lower.
  @inline(__always)
  func lowered(to other: Self) -> Self {
    var result = self
    for i in 0..<Self.scalarCount { result[i] = other[i] < self[i] ? other[i] : self[i] }
    return result
  }

  /// The lanes before `slot` from `self`, the others from `other`.
  @inline(__always)
  func keeping(before slot: Int, rest other: Self) -> Self {
    let slot = Double(slot)
    var result = self
    for i in 0..<Self.scalarCount { result[i] = Double(i) < slot ? self[i] : other[i] }
    return result
  }

  /// Every lane moved down one, +infinity into the last.
  @inline(__always)
  func shiftedDown() -> Self {
    var result = Self(repeating: .infinity)
    for i in 0..<(Self.scalarCount - 1) { result[i] = self[i + 1] }
    return result
  }
}

// The count through the concrete mask types: from the generic `MaskStorage` it stayed a chain
// of scalar compares.
extension SIMD2: ColumnLanes where Scalar == Double {
  @inline(__always)
  func count(atOrBelow value: Double) -> Int {
    Int(SIMD2<Int64>().replacing(with: 1, where: self .<= Self(repeating: value)).wrappedSum())
  }
}

extension SIMD4: ColumnLanes where Scalar == Double {
  @inline(__always)
  func count(atOrBelow value: Double) -> Int {
    Int(SIMD4<Int64>().replacing(with: 1, where: self .<= Self(repeating: value)).wrappedSum())
  }
}

extension SIMD8: ColumnLanes where Scalar == Double {
  /// In halves, the masks (all ones, -1) summed: from the whole vector LLVM packed the masks to
  /// bytes and counted their bits with multiplies, ~0.4 ns an item more at 8 columns.
  @inline(__always)
  func count(atOrBelow value: Double) -> Int {
    let limit = SIMD4<Double>(repeating: value)
    let low = SIMD4<Int64>().replacing(with: -1, where: lowHalf .<= limit)
    let high = SIMD4<Int64>().replacing(with: -1, where: highHalf .<= limit)
    return -Int((low &+ high).wrappedSum())
  }
}
