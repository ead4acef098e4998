import LayoutEngine
import TestSupport
import Testing

@testable import cascade

/// Numbers written straight into bytes, with and without the cache, against
/// `LayoutNumber.text`, which the layout's JSON has always printed.
@Suite struct NumberTextTests {
  /// Numbers of every kind: the edges of the whole-number range and of Swift's switch to
  /// exponents, signed zeros, NaN and the infinities, subnormals, fractions of a layout, and
  /// random bit patterns over every exponent.
  func numbers(seed: UInt64) -> [Double] {
    var numbers: [Double] = [
      0, -0.0, 1, -1, 0.5, 0.1, 1e-4, 1e-5, 1e15, -1e15, 1e15 - 1, 1e15 + 1, 999_999_999_999_999.5,
      1e16, 2e16, 9_007_199_254_740_992, 123_456_789_012_345_680, .greatestFiniteMagnitude,
      .leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNonzeroMagnitude, .nan, -.nan,
      .infinity, -.infinity, Double(Int64.max), Double(Int64.min), 66.666_666_666_666_66,
      108.333_333_333_333_33, 187.5,
    ]
    var rng = SplitMix64(seed: seed)
    for _ in 0..<20_000 { numbers.append(Double(bitPattern: rng.next())) }
    for _ in 0..<20_000 {
      let scale = [1.0, 3, 7, 1e3, 1e6, 1e12, 1e14, 1e15, 1e17][Int(rng.next() % 9)]
      numbers.append(Double(Int64(bitPattern: rng.next()) % 1_000_000) / scale)
    }
    return numbers
  }

  func written(_ write: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>) -> String {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: NumberText.longest)
    defer { buffer.deallocate() }
    let end = write(buffer)
    return String(decoding: UnsafeBufferPointer(start: buffer, count: end - buffer), as: UTF8.self)
  }

  @Test func numbersAreWrittenAsLayoutNumberSpellsThem() {
    for value in numbers(seed: 21) {
      let text = written { NumberText.number(value, to: $0) }
      #expect(text == LayoutNumber.text(value), "bits \(value.bitPattern)")
    }
  }

  @Test func theCacheGivesEveryNumberItsOwnTextOnAMissAndOnAHit() {
    let cache = NumberTextCache()
    // Each number twice in a row (a hit), and the whole list twice (misses after evictions).
    let values = numbers(seed: 22)
    for _ in 0..<2 {
      for value in values {
        for _ in 0..<2 {
          let text = written { cache.number(value, to: $0) }
          #expect(text == LayoutNumber.text(value), "bits \(value.bitPattern)")
        }
      }
    }
  }

  @Test(arguments: [Int64(0), 7, -7, 10, 99, 100, -100, 1_000_000_007, .max, .min])
  func integersAreWrittenInDecimal(value: Int64) {
    #expect(written { NumberText.integer(value, to: $0) } == String(value))
  }
}
