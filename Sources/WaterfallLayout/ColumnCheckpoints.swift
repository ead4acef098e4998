/// Every column's last item, recorded at every `block`-th item: what `TopSortedIndex` needs to
/// find the items that reach into a rect from above.
///
/// Recorded while the items are placed, not in a pass over the frames afterwards: re-reading a
/// million frames cost more than a fifth of the whole layout.
struct ColumnCheckpoints: Sendable {
  /// Items per checkpoint.
  static let block = 32

  let columnCount: Int
  /// The last item so far that covers each column, or -1.
  private var last: [Int32]
  /// For block b, at `b·C + c`: `last[c]` as it was before the block's first item.
  private var marks: [Int32] = []

  init(columnCount: Int, reservingFor count: Int = 0) {
    self.columnCount = columnCount
    last = Array(repeating: -1, count: columnCount)
    marks.reserveCapacity(Self.blocks(count) * columnCount)
  }

  /// How many checkpoints `count` items have.
  static func blocks(_ count: Int) -> Int { (count + block - 1) / block }

  /// Records item `index`, which must be the next one.
  mutating func record(_ frame: PlacedFrame, index: Int) {
    if index % Self.block == 0 {
      let base = index / Self.block * columnCount
      if base < marks.count {
        for c in 0..<columnCount { marks[base + c] = last[c] }
      } else {
        marks.append(contentsOf: last)
      }
    }
    let item = Int32(truncatingIfNeeded: index)
    if frame.span == 1 {
      last[Int(frame.column)] = item
    } else {
      for c in Int(frame.column)..<Int(frame.column + frame.span) { last[c] = item }
    }
  }

  /// Lends a loop that places items itself the raw buffers to record them in: `last`, and the
  /// marks, sized for `end` items; the loop writes `last` into block b's marks before it records
  /// item `b·block`, as `record` does.
  mutating func recordingRun<R>(
    upTo end: Int,
    _ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> R
  ) -> R {
    let needed = Self.blocks(end) * columnCount
    if marks.count < needed {
      marks.append(contentsOf: repeatElement(-1, count: needed - marks.count))
    }
    return last.withUnsafeMutableBufferPointer { last in
      marks.withUnsafeMutableBufferPointer { marks in body(last, marks) }
    }
  }

  /// Calls `body` with every column's last item before item `end` (0 < end ≤ items recorded):
  /// the checkpoint before it, brought up to date from the frames since. On the stack, as it
  /// runs on every scroll step.
  func withLast<R>(
    before end: Int, frames: UnsafeBufferPointer<PlacedFrame>,
    _ body: (UnsafeBufferPointer<Int32>) -> R
  ) -> R {
    let block = (end - 1) / Self.block
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: columnCount) { last in
      marks.withUnsafeBufferPointer { marks in
        for c in 0..<columnCount { last[c] = marks[block * columnCount + c] }
      }
      for i in (block * Self.block)..<end {
        let frame = frames[i]
        for c in Int(frame.column)..<Int(frame.column + frame.span) {
          last[c] = Int32(truncatingIfNeeded: i)
        }
      }
      return body(UnsafeBufferPointer(last))
    }
  }
}
