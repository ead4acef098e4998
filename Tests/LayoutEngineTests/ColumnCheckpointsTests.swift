import TestSupport
import Testing

@testable import LayoutEngine

/// The checkpoints every placing path records (item by item, the run loop for many columns, the
/// sorted loops, with AVX2 or without), against the frames they were recorded from. Queries
/// stay right with a wrong checkpoint (the run start only moves and the replay makes up for
/// it), so only this shows that the index's shortcuts are the ones it thinks they are.
@Suite struct ColumnCheckpointsTests {
  @Test(arguments: Array(1...10))
  func topsAndLastItemsMatchTheFrames(columns: Int) throws {
    var rng = SplitMix64(seed: 40 + UInt64(columns))
    let encoded = RandomLayouts.mixedItems(count: 1_500, using: &rng).map(\.encoded)
    let configuration = LayoutConfiguration(
      columnCount: columns, columnSpacing: 1, rowSpacing: 1, insets: EdgeInsets(all: 1),
      containerWidth: 200)
    var placer = ColumnPlacer(configuration)
    var checkpoints = ColumnCheckpoints(columnCount: columns, reservingFor: encoded.count)
    let frames = encoded.withUnsafeBufferPointer { encoded in
      [PlacedFrame](unsafeUninitializedCapacity: encoded.count) { buffer, count in
        placer.placeAll(encoded, into: buffer, recording: &checkpoints)
        count = encoded.count
      }
    }

    let block = ColumnCheckpoints.block
    #expect(checkpoints.tops == stride(from: 0, to: frames.count, by: block).map { frames[$0].y })
    var last = [Int32](repeating: -1, count: columns)
    for end in 1...frames.count {
      let item = frames[end - 1]
      for c in Int(item.column)..<Int(item.column + item.span) { last[c] = Int32(end - 1) }
      let recorded = frames.withUnsafeBufferPointer { frames in
        checkpoints.withLast(before: end, frames: frames) { Array($0) }
      }
      #expect(recorded == last, "before item \(end)")
    }
  }
}
