/// The plain waterfall's hot loop for 2 to 8 columns: the column bottoms kept sorted, updated
/// without a branch.
///
/// Placing an item into the shortest column is one long dependency chain: the next item's column
/// depends on the bottom this item just made. A scan for the minimum with a branch per column
/// mispredicts on real feeds (the shortest column is close to random) and costs about 30 cycles
/// an item at 4 columns. Here the front of a sorted list is the shortest column; the item's new
/// bottom `x` is merged into the rest with minimum and maximum instructions, so the chain from
/// one item's top to the next is two additions and one `min`. The columns follow the same
/// permutation with conditional moves, off that chain. The list is ordered by bottom only; when
/// the front ties with the next, the leftmost of the tied columns is swapped to the front, which
/// keeps the waterfall's tie rule at one comparison an item (feeds of equal shapes tie every
/// round and take that path every time).
///
/// The column count is a generic value parameter so that each count gets its own unrolled,
/// register-resident loop; more than 8 columns would spill and use the general loop instead.
/// Where the CPU has AVX2, 7 and 8 columns use `placeSortedAVX2`, the same merge four columns an
/// instruction (`AVX2Kernels`).
enum SortedColumns {
  static let columnRange = 2...8

  /// Places pictures from `start` on, until a full-width row or the end; returns the index it
  /// stopped at. Every column must hold an item already (so each top is a row spacing below its
  /// column's bottom), and `bottoms` is updated to the columns' bottoms afterwards.
  static func place(
    _ encoded: UnsafeBufferPointer<Double>, from start: Int, into output: Output,
    bottoms: UnsafeMutableBufferPointer<Double>, rowSpacing: Double, itemWidth: Double
  ) -> Int {
    let loop = Loop(
      encoded: encoded, output: output, bottoms: bottoms, rowSpacing: rowSpacing,
      itemWidth: itemWidth)
    if let end = AVX2Kernels.placeSorted(loop, from: start) { return end }
    switch bottoms.count {
    case 2: return Run<1>.place(loop, from: start)
    case 3: return Run<2>.place(loop, from: start)
    case 4: return Run<3>.place(loop, from: start)
    case 5: return Run<4>.place(loop, from: start)
    case 6: return Run<5>.place(loop, from: start)
    case 7: return Run<6>.place(loop, from: start)
    case 8: return Run<7>.place(loop, from: start)
    default: return start
    }
  }

  /// Where a run writes: the frames, and the buffers `ColumnCheckpoints.recordingRun` lends.
  struct Output {
    var frames: UnsafeMutableBufferPointer<PlacedFrame>
    var last: UnsafeMutableBufferPointer<Int32>
    var marks: UnsafeMutableBufferPointer<Int32>
    var tops: UnsafeMutableBufferPointer<Double>

    /// Item i's frame, in `column` of `columns`, and its checkpoint.
    @inline(__always)
    func write(_ i: Int, y: Double, height: Double, column: Int, columns: Int) {
      frames.initializeElement(
        at: i,
        to: PlacedFrame(y: y, height: height, column: Int32(truncatingIfNeeded: column), span: 1))
      if i % ColumnCheckpoints.block == 0 {
        let block = i / ColumnCheckpoints.block
        tops[block] = y
        for c in 0..<columns { marks[block * columns + c] = last[c] }
      }
      last[column] = Int32(truncatingIfNeeded: i)
    }
  }

  /// What every run reads and writes.
  struct Loop {
    var encoded: UnsafeBufferPointer<Double>
    var output: Output
    var bottoms: UnsafeMutableBufferPointer<Double>
    var rowSpacing: Double
    var itemWidth: Double
  }

  /// One column count: `others` is the count less the front column.
  enum Run<let others: Int> {
    static func place(_ loop: Loop, from start: Int) -> Int {
      let (encoded, bottoms) = (loop.encoded, loop.bottoms)
      let (rowSpacing, itemWidth) = (loop.rowSpacing, loop.itemWidth)
      let order = byBottom(bottoms)
      var front = bottoms[order[0]]
      var frontColumn = order[0]
      var rest = InlineArray<others, Double>(repeating: 0)
      var restColumns = InlineArray<others, Int>(repeating: 0)
      for k in 0..<others {
        rest[k] = bottoms[order[k + 1]]
        restColumns[k] = order[k + 1]
      }

      var i = start
      while i < encoded.count, encoded[i] > 0 {
        let y = front + rowSpacing
        let height = itemWidth * encoded[i]
        let x = y + height
        loop.output.write(i, y: y, height: height, column: frontColumn, columns: others + 1)
        // Merging x into `rest` gives the new front and new rest. `before` says whether x sorts
        // before rest[k] (false up to x's new position, true from there; x goes after equal
        // bottoms): the merged element k + 1 is rest[k + 1] while x sorts after that, then x,
        // then rest[k]. In values that is max(rest[k], min(x, rest[k + 1])). One pass from the
        // back, each comparison used where it is made: comparing all first and selecting after
        // let the compiler pack the comparisons in pairs and unpack them again, a tenth slower.
        var nextRest = InlineArray<others, Double>(repeating: 0)
        var nextColumns = InlineArray<others, Int>(repeating: 0)
        var beforeNext = 1
        for j in 0..<others {
          let k = others - 1 - j
          let isLast = k + 1 == others
          let before = bit(x < rest[k])
          // Spelled as `a < b ? a : b` rather than `min`/`max`, whose argument order and NaN
          // rule do not match `minsd`/`maxsd`: the stdlib forms became three-instruction
          // blends, and the C = 8 loop ran a quarter slower.
          let low = isLast ? x : (x < rest[k + 1] ? x : rest[k + 1])
          nextRest[k] = low > rest[k] ? low : rest[k]
          let xOrRest = before != 0 ? restColumns[k] : frontColumn
          nextColumns[k] = beforeNext != 0 ? xOrRest : restColumns[isLast ? k : k + 1]
          beforeNext = before
        }
        let nextFrontColumn = beforeNext != 0 ? frontColumn : restColumns[0]
        front = min(x, rest[0])
        frontColumn = nextFrontColumn
        rest = nextRest
        restColumns = nextColumns
        if front == rest[0] {
          // Equally short columns: the leftmost goes first. Only the front's order matters, so
          // ties are sorted out here, once per item, rather than in every comparison above.
          for k in 0..<others where rest[k] == front && restColumns[k] < frontColumn {
            swap(&frontColumn, &restColumns[k])
          }
        }
        i += 1
      }

      bottoms[frontColumn] = front
      for k in 0..<others { bottoms[restColumns[k]] = rest[k] }
      return i
    }
  }

  /// The columns in order of bottom, equal ones left to right: an insertion sort of at most 8.
  static func byBottom(_ bottoms: UnsafeMutableBufferPointer<Double>) -> InlineArray<8, Int> {
    var order = InlineArray<8, Int>(repeating: 0)
    for c in 0..<bottoms.count {
      var k = c
      while k > 0, bottoms[order[k - 1]] > bottoms[c] {
        order[k] = order[k - 1]
        k -= 1
      }
      order[k] = c
    }
    return order
  }

  /// A comparison's result as 0 or 1, so that combining results needs no branch.
  @inline(__always)
  private static func bit(_ value: Bool) -> Int {
    Int(unsafeBitCast(value, to: UInt8.self))
  }
}
