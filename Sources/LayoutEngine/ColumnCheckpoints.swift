/// Every column's last item and the item's own top, recorded at every `block`-th item: what
/// `TopSortedIndex` needs to find where a rect's rows start and the items that reach into it
/// from above.
///
/// Recorded while the items are placed, not in a pass over the frames afterwards: re-reading a
/// million frames cost more than a fifth of the whole layout (the last items), and reading
/// every 32nd frame a tenth of the 8-column loop (the tops).
struct ColumnCheckpoints: Sendable {
  /// Items per checkpoint.
  static let block = 32

  let columnCount: Int
  /// The last item so far that covers each column, or -1.
  private var last: [Int32]
  /// For block b, at `b·C + c`: `last[c]` as it was before the block's first item.
  private var marks: [Int32] = []
  /// For block b, at b: the top of its first item.
  private(set) var tops: [Double] = []

  init(columnCount: Int, reservingFor count: Int = 0) {
    self.columnCount = columnCount
    last = Array(repeating: -1, count: columnCount)
    marks.reserveCapacity(Self.blocks(count) * columnCount)
    tops.reserveCapacity(Self.blocks(count))
  }

  /// How many checkpoints `count` items have.
  static func blocks(_ count: Int) -> Int { (count + block - 1) / block }

  /// Records item `index`, which must be the next one.
  mutating func record(_ frame: PlacedFrame, index: Int) {
    if index % Self.block == 0 {
      let block = index / Self.block
      if block < tops.count {
        tops[block] = frame.y
        for c in 0..<columnCount { marks[block * columnCount + c] = last[c] }
      } else {
        tops.append(frame.y)
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

  /// Lends a loop that places items itself the raw buffers to record them in: `last`, the
  /// marks and the tops, sized for `end` items; the loop writes `last` into block b's marks and
  /// the top of item `b·block` into `tops[b]` before it records that item, as `record` does.
  mutating func recordingRun<R>(
    upTo end: Int,
    _ body: (
      _ last: UnsafeMutableBufferPointer<Int32>, _ marks: UnsafeMutableBufferPointer<Int32>,
      _ tops: UnsafeMutableBufferPointer<Double>
    ) -> R
  ) -> R {
    let blocks = Self.blocks(end)
    if tops.count < blocks {
      marks.append(contentsOf: repeatElement(-1, count: (blocks - tops.count) * columnCount))
      tops.append(contentsOf: repeatElement(0, count: blocks - tops.count))
    }
    return last.withUnsafeMutableBufferPointer { last in
      marks.withUnsafeMutableBufferPointer { marks in
        tops.withUnsafeMutableBufferPointer { tops in body(last, marks, tops) }
      }
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
