import CCPUFeatures
import TestSupport
import Testing

@testable import WaterfallAVX2

/// The column order of the AVX2 loop, one register of 4-bit column numbers, against the plain
/// array it stands for. This module is built for AVX2, so it is tested only where that runs.
@Suite(.enabled(if: cascade_cpu_has_avx2())) struct PackedColumnOrderTests {
  func columns(_ order: PackedColumnOrder, _ count: Int) -> [Int] {
    (0..<count).map { order[$0] }
  }

  @Test func keepsColumnsInTheOrderGiven() {
    let order = PackedColumnOrder([3, 0, 7, 15, 1])
    #expect(columns(order, 5) == [3, 0, 7, 15, 1])
    #expect(order.front == 3)
  }

  @Test(arguments: 2...16)
  func reinsertingTheFrontMatchesAnArrayForEveryPosition(count: Int) {
    var rng = SplitMix64(seed: UInt64(count))
    for _ in 0..<200 {
      let start = Array(0..<count).shuffled(using: &rng)
      for position in 0..<count {
        var order = PackedColumnOrder(start)
        order.reinsertFront(after: position)
        var expected = Array(start.dropFirst())
        expected.insert(start[0], at: position)
        #expect(columns(order, count) == expected, "\(start) after \(position)")
      }
    }
  }

  @Test func preferringLeftSwapsOnlyAColumnFurtherLeft() {
    var order = PackedColumnOrder([5, 2, 6, 1])
    order.preferLeft(2)  // column 6 is right of 5: nothing moves
    #expect(columns(order, 4) == [5, 2, 6, 1])
    order.preferLeft(1)
    #expect(columns(order, 4) == [2, 5, 6, 1])
    order.preferLeft(3)
    #expect(columns(order, 4) == [1, 5, 6, 2])
  }
}
