import Testing

@testable import LayoutEngine

/// The frames' own storage: written in place by a run, shared by copies until one changes, and
/// sized to what the run was said to hold.
@Suite struct FrameStoreTests {
  /// A run of `count` frames in `columns` columns, item i in column i mod columns, said to
  /// hold `expected`.
  func run(
    _ index: inout RectIndex, count: Int, columns: Int, expected: Int, from start: Int = 0
  ) {
    index.appendRun(expected: expected) { run in
      for i in start..<(start + count) {
        run.append(
          PlacedFrame(
            y: Double(i / columns) * 10, height: 9, column: Int32(i % columns), span: 1))
      }
    }
  }

  @Test func aStoreReservedForTheLayoutIsNotOutgrownByItsLastBlock() {
    // The run takes room a block at a time; its last block stops where the items do, where
    // taking a whole block past the reserved room copied the store into twice the memory.
    for count in [1, 1_000, 1_024, 1_025, 5_000] {
      var index = RectIndex(columnCount: 3, expected: count)
      run(&index, count: count, columns: 3, expected: count)
      #expect(index.count == count)
      #expect(index.frames.capacity == count, "\(count) frames")
    }
  }

  @Test func aRunGivenMoreItemsThanItWasToldKeepsThemAll() {
    var index = RectIndex(columnCount: 4, expected: 10)
    run(&index, count: 3_000, columns: 4, expected: 10)
    #expect(index.count == 3_000)
    #expect(index.frames.capacity >= 3_000)
    for i in [0, 9, 10, 11, 1_023, 1_024, 2_999] {
      #expect(
        index.frames[i]
          == PlacedFrame(y: Double(i / 4) * 10, height: 9, column: Int32(i % 4), span: 1))
    }
    // Every item is in its column's stack: a band across one row finds that row.
    let geometry = ColumnGeometry(
      LayoutConfiguration(
        columnCount: 4, columnSpacing: 0, rowSpacing: 1, insets: EdgeInsets(all: 0),
        containerWidth: 40))
    let row = Rect(x: 0, y: 5_000, width: 40, height: 1)
    #expect(index.indices(overlapping: row, geometry: geometry) == Array(2_000..<2_004))
  }

  @Test func aCopyKeepsItsFramesWhileTheOriginalGrows() {
    var index = RectIndex(columnCount: 2, expected: 100)
    run(&index, count: 100, columns: 2, expected: 100)
    let copy = index
    run(&index, count: 50, columns: 2, expected: 50, from: 100)
    #expect(copy.count == 100 && index.count == 150)
    #expect(copy.frames[99] == index.frames[99])
    // A run on the copy writes its own memory, not the original's.
    var other = copy
    other.appendRun(expected: 1) { run in
      run.append(PlacedFrame(y: -1, height: 1, column: 1, span: 1))
    }
    #expect(other.frames[100] == PlacedFrame(y: -1, height: 1, column: 1, span: 1))
    #expect(index.frames[100] == PlacedFrame(y: 500, height: 9, column: 0, span: 1))
    #expect(copy.count == 100)
  }
}
