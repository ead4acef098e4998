#if arch(x86_64)
  import _Builtin_intrinsics.intel

  extension SortedColumns {
    /// The loop for 7 and 8 columns: the same merge as `Run`, two columns an instruction.
    ///
    /// At 8 columns the scalar merge is about 100 instructions an item, nearly half of them
    /// `minsd`/`maxsd`/compares competing for two ports. Here the columns behind the front, at
    /// sorted positions 0…6 (and 7, +∞), sit in four SSE2 registers split by parity: `even`
    /// holds positions (0, 2) and (4, 6), `odd` (1, 3) and (5, 7). The merge's new value at
    /// position k is max(rest[k], min(x, rest[k + 1])); for even k its neighbour k + 1 is the
    /// same lane of `odd`, so those four lanes need no shuffle at all, and the odd ones need two.
    /// Where the new bottom goes is one count of the positions at or below it (four packed
    /// compares), and the column numbers follow in one register (`PackedColumnOrder`). About
    /// 70 instructions, a quarter faster than `Run` at 8 columns; slower below 7, where the
    /// padded lanes do work the scalar loop skips.
    ///
    /// SSE2 is in every x86-64 CPU, so this needs no check at run time. The intrinsics are
    /// used rather than Swift's SIMD operators, whose `min`, `max` and selects compile to
    /// blends and lane-by-lane branches here.
    enum SSE2Run {
      typealias Pair = SIMD2<Double>

      static func place(_ loop: Loop, from start: Int) -> Int {
        let (encoded, bottoms, output) = (loop.encoded, loop.bottoms, loop.output)
        let (rowSpacing, itemWidth) = (loop.rowSpacing, loop.itemWidth)
        let columns = bottoms.count
        let sorted = byBottom(bottoms)
        var order = PackedColumnOrder((0..<columns).lazy.map { sorted[$0] })
        var front = bottoms[sorted[0]]
        var rest = InlineArray<8, Double>(repeating: .infinity)
        for k in 1..<columns { rest[k - 1] = bottoms[sorted[k]] }
        var even = (Pair(rest[0], rest[2]), Pair(rest[4], rest[6]))
        var odd = (Pair(rest[1], rest[3]), Pair(rest[5], rest[7]))
        let infinity = Pair(repeating: .infinity)

        var i = start
        while i < encoded.count, encoded[i] > 0 {
          let y = front + rowSpacing
          let height = itemWidth * encoded[i]
          let x = y + height
          output.write(i, y: y, height: height, column: order.front, columns: columns)

          let xx = Pair(repeating: x)
          // Each compare gives -1 in the lanes at or below x: their sum is minus the count.
          let low0 = _mm_add_epi64(atOrBelow(even.0, xx), atOrBelow(odd.0, xx))
          let low1 = _mm_add_epi64(atOrBelow(even.1, xx), atOrBelow(odd.1, xx))
          let low = _mm_add_epi64(low0, low1)
          let count = 0 &- Int(_mm_cvtsi128_si64(_mm_add_epi64(low, _mm_unpackhi_epi64(low, low))))
          // x = +∞ (heights overflowed) counts the padding too; it still goes after the columns.
          order.reinsertFront(after: count < columns - 1 ? count : columns - 1)

          let first = even.0[0]
          front = x < first ? x : first
          let evenNext = (Pair(even.0[1], even.1[0]), _mm_unpackhi_pd(even.1, infinity))
          even.0 = _mm_max_pd(even.0, _mm_min_pd(xx, odd.0))
          even.1 = _mm_max_pd(even.1, _mm_min_pd(xx, odd.1))
          odd.0 = _mm_max_pd(odd.0, _mm_min_pd(xx, evenNext.0))
          odd.1 = _mm_max_pd(odd.1, _mm_min_pd(xx, evenNext.1))

          if front == even.0[0] {
            // Equally short columns: the leftmost goes first (see `Run`). Positions in order
            // are even.0[0], odd.0[0], even.0[1], odd.0[1], even.1[0], …; the loop unrolls.
            for k in 0..<7 where k < columns - 1 {
              let pair = k % 2 == 0 ? (k < 4 ? even.0 : even.1) : (k < 4 ? odd.0 : odd.1)
              let bottom = pair[k / 2 % 2]
              if bottom != front { break }
              order.preferLeft(k + 1)
            }
          }
          i += 1
        }

        let final: InlineArray<7, Double> = [
          even.0[0], odd.0[0], even.0[1], odd.0[1], even.1[0], odd.1[0], even.1[1],
        ]
        bottoms[order.front] = front
        for k in 1..<columns { bottoms[order[k]] = final[k - 1] }
        return i
      }

      /// -1 in each lane of `bottoms` at or below x, 0 elsewhere.
      @inline(__always)
      private static func atOrBelow(_ bottoms: Pair, _ x: Pair) -> SIMD2<Int64> {
        _mm_castpd_si128(_mm_cmple_pd(bottoms, x))
      }
    }
  }
#endif
