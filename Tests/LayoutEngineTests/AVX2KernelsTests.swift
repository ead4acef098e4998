import TestSupport
import Testing

@testable import LayoutEngine

/// The AVX2 loops against the loops every CPU runs, bit for bit: the layout tests go through
/// whichever this machine picks, so the other side is checked here directly.
@Suite(.enabled(if: AVX2Kernels.isAvailable)) struct AVX2KernelsTests {
  @Test func ratiosMatchTheScalarRuleOnEveryKindOfSize() throws {
    let awkward: [Double] = [
      0, -0.0, -3, 1, 3, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e308, .infinity,
      -.infinity, .nan, 1200, 0.1, 7,
    ]
    var sizes = awkward.flatMap { w in awkward.map { h in ItemSize(width: w, height: h) } }
    var rng = SplitMix64(seed: 3)
    sizes += (0..<1_001).map { _ in
      ItemSize(
        width: Double.random(in: 1...4000, using: &rng).rounded(),
        height: Double.random(in: 1...4000, using: &rng).rounded())
    }
    let fast = ItemSize.aspectRatios(sizes)
    let scalar = sizes.map(\.aspectRatio)
    #expect(fast.map(\.bitPattern) == scalar.map(\.bitPattern))
    #expect(fast.allSatisfy { $0.isFinite && $0 > 0 })
  }

  /// What a run of the placing loop leaves behind.
  struct Placed: Equatable {
    var frames: [PlacedFrame]
    var last: [Int32]
    var marks: [Int32]
    var tops: [Double]
    var bottoms: [Double]
    var end: Int
  }

  func place(
    _ encoded: [Double], bottoms start: [Double],
    with run: (SortedColumns.Loop, Int) -> Int?
  ) -> Placed? {
    let columns = start.count
    var (last, bottoms) = ([Int32](repeating: -1, count: columns), start)
    var marks = [Int32](repeating: -2, count: (encoded.count + 31) / 32 * columns)
    var tops = [Double](repeating: -1, count: (encoded.count + 31) / 32)
    var frames = [PlacedFrame](
      repeating: PlacedFrame(y: 0, height: 0, column: 0, span: 0), count: encoded.count)
    let end = encoded.withUnsafeBufferPointer { encoded in
      frames.withUnsafeMutableBufferPointer { frames in
        last.withUnsafeMutableBufferPointer { last in
          marks.withUnsafeMutableBufferPointer { marks in
            tops.withUnsafeMutableBufferPointer { tops in
              bottoms.withUnsafeMutableBufferPointer { bottoms in
                run(
                  SortedColumns.Loop(
                    encoded: encoded,
                    output: SortedColumns.Output(
                      frames: frames, last: last, marks: marks, tops: tops),
                    bottoms: bottoms, rowSpacing: 1, itemWidth: 23.875),
                  0)
              }
            }
          }
        }
      }
    }
    guard let end else { return nil }
    return Placed(
      frames: frames, last: last, marks: marks, tops: tops, bottoms: bottoms, end: end)
  }

  @Test(arguments: [7, 8])
  func placingMatchesTheScalarLoop(columns: Int) throws {
    var rng = SplitMix64(seed: UInt64(columns))
    let shapes: [Double] = [1.5, 1.25, 0.5625, 1, 4, 1.0 / 3, 2.1642]
    let feeds: [(String, [Double])] = [
      ("random", (0..<5_000).map { _ in Double.random(in: 0.2...5, using: &rng) }),
      ("equal", Array(repeating: 1, count: 3_000)),
      ("few shapes", (0..<5_000).map { _ in shapes.randomElement(using: &rng) ?? 1 }),
      ("a row stops it", (0..<500).map { $0 == 321 ? -7 : 1.5 }),
      ("overflowing", (0..<600).map { $0 % 41 == 3 ? 1e307 : 1.25 }),
    ]
    for (name, encoded) in feeds {
      let start = (0..<columns).map { Double(($0 * 5) % 3) }
      let fast = try #require(
        place(encoded, bottoms: start) { AVX2Kernels.placeSorted($0, from: $1) })
      let scalar = place(encoded, bottoms: start) { loop, start in
        columns == 7
          ? SortedColumns.Run<6>.place(loop, from: start)
          : SortedColumns.Run<7>.place(loop, from: start)
      }
      #expect(fast == scalar, "\(name)")
    }
  }
}
