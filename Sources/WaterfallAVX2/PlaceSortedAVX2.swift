#if arch(x86_64)
  import _Builtin_intrinsics.intel

  /// One laid-out item as WaterfallLayout stores it: `PlacedFrame`'s fields, in order.
  public typealias PlacedFrameFields = (y: Double, height: Double, column: Int32, span: Int32)

  /// The plain waterfall's loop for 7 and 8 columns: `SortedColumns.Run`'s merge, four columns
  /// an instruction.
  ///
  /// The columns behind the front sit sorted by bottom in two 256-bit registers, positions 0…3
  /// and 4…7 (+∞ past the last column). An item's new bottom x is merged in with one `min` and
  /// one `max` a register: the new value at position k is max(rest[k], min(x, rest[k + 1])).
  /// Where x lands is the count of positions at or below it, one compare a register and a mask;
  /// the column numbers follow in one 64-bit word (`PackedColumnOrder`). Ties are sorted out at
  /// the front as in `Run`. Frames are identical to the scalar loop's.
  ///
  /// Writes the frames from `start` until a full-width row (encoded ≤ 0) or the end, the
  /// checkpoints of every `block`-th item (a power of two: `last` into `marks`, its top into
  /// `tops`), and the columns' bottoms afterwards; returns where it stopped.
  public func placeSortedAVX2(
    _ encoded: UnsafeBufferPointer<Double>, from start: Int,
    into frames: UnsafeMutableBufferPointer<PlacedFrameFields>,
    bottoms: UnsafeMutableBufferPointer<Double>, last: UnsafeMutableBufferPointer<Int32>,
    marks: UnsafeMutableBufferPointer<Int32>, tops: UnsafeMutableBufferPointer<Double>,
    block: Int, rowSpacing: Double, itemWidth: Double
  ) -> Int {
    typealias Quad = SIMD4<Double>
    let columns = bottoms.count
    precondition((2...8).contains(columns), "placeSortedAVX2 places 2 to 8 columns")
    precondition(block > 0 && block & (block - 1) == 0, "a block is a power of two")
    let blockMask = block - 1  // a division by a variable in the loop would cost more than it
    // The columns by bottom, equal ones left to right (as `SortedColumns.byBottom`: this module
    // shares no code with the engine, whose other paths must run where AVX2 cannot).
    var sorted = InlineArray<8, Int>(repeating: 0)
    for c in 0..<columns {
      var k = c
      while k > 0, bottoms[sorted[k - 1]] > bottoms[c] {
        sorted[k] = sorted[k - 1]
        k -= 1
      }
      sorted[k] = c
    }
    var order = PackedColumnOrder((0..<columns).lazy.map { sorted[$0] })
    var front = bottoms[sorted[0]]
    var rest = InlineArray<8, Double>(repeating: .infinity)
    for k in 1..<columns { rest[k - 1] = bottoms[sorted[k]] }
    var low = Quad(rest[0], rest[1], rest[2], rest[3])
    var high = Quad(rest[4], rest[5], rest[6], rest[7])
    // The positions that hold columns: x = +∞ (heights overflowed) is at or below the padding
    // too, and must still go after the columns only.
    let held = UInt32(1 &<< (columns - 1)) &- 1

    var i = start
    while i < encoded.count, encoded[i] > 0 {
      let y = front + rowSpacing
      let height = itemWidth * encoded[i]
      let x = y + height
      let column = order.front
      frames.initializeElement(
        at: i, to: (y: y, height: height, column: Int32(truncatingIfNeeded: column), span: 1))
      if i & blockMask == 0 {
        tops[i / block] = y
        for c in 0..<columns { marks[i / block * columns + c] = last[c] }
      }
      last[column] = Int32(truncatingIfNeeded: i)

      let xxxx = _mm256_set1_pd(x)
      // Sorted positions at or below x are a run from 0: its length is where x goes.
      let atOrBelow = mask(low .<= xxxx) | mask(high .<= xxxx) &<< 4
      order.reinsertFront(after: (~(atOrBelow & held)).trailingZeroBitCount)

      let first = low[0]
      front = x < first ? x : first
      let lowNext = Quad(low[1], low[2], low[3], high[0])
      let highNext = Quad(high[1], high[2], high[3], .infinity)
      low = _mm256_max_pd(low, _mm256_min_pd(xxxx, lowNext))
      high = _mm256_max_pd(high, _mm256_min_pd(xxxx, highNext))

      if front == low[0] {
        // Equally short columns: the leftmost goes first. The loop unrolls.
        for k in 0..<7 where k < columns - 1 {
          let bottom = k < 4 ? low[k] : high[k - 4]
          if bottom != front { break }
          order.preferLeft(k + 1)
        }
      }
      i += 1
    }

    bottoms[order.front] = front
    for k in 1..<columns {
      bottoms[order[k]] = k - 1 < 4 ? low[k - 1] : high[k - 5]
    }
    return i
  }

  /// One bit a lane, set where the comparison held.
  @inline(__always)
  private func mask(_ lanes: SIMDMask<SIMD4<Int64>>) -> UInt32 {
    UInt32(
      bitPattern: _mm256_movemask_pd(
        _mm256_castsi256_pd(unsafeBitCast(lanes, to: SIMD4<Int64>.self)))
    )
  }
#endif
