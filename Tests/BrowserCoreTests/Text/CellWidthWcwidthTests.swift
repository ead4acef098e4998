import Glibc
import Testing

@testable import BrowserCore

/// The cell widths against glibc's `wcwidth` in C.UTF-8: ncurses counts cells with it, so a
/// scalar Cascade measures otherwise puts every cell after it in the wrong column.
///
/// Only scalars glibc gives a width are compared; for the rest (control characters, code
/// points its tables leave out) `wcwidth` says -1 and Cascade's sanitising decides.
@Suite struct CellWidthWcwidthTests {
  /// Scalars where the generated table (Unicode 14 data from python's `unicodedata`) and
  /// glibc 2.36 differ, with the width each gives, as found on 2026-12-04. These are KNOWN
  /// EXCEPTIONS, not agreement: the table is being generated again from glibc's own widths,
  /// and each range goes from here once it agrees (the test fails while a listed range no
  /// longer differs, so the list cannot outlive the fix).
  static let knownExceptions: [(range: ClosedRange<UInt32>, cascade: Int, glibc: Int)] = [
    // NUL, and format characters (Cf: bidi marks and isolates, zero-width space and joiners,
    // word joiner, BOM, interlinear annotation, Egyptian and shorthand format controls, musical
    // beams, tags): glibc draws them in no cell.
    (0x0000...0x0000, 1, 0), (0x061C...0x061C, 1, 0), (0x180E...0x180E, 1, 0),
    (0x200B...0x200F, 1, 0), (0x202A...0x202E, 1, 0), (0x2060...0x2064, 1, 0),
    (0x2066...0x206F, 1, 0), (0xFEFF...0xFEFF, 1, 0), (0xFFF9...0xFFFB, 1, 0),
    (0x13430...0x13438, 1, 0), (0x1BCA0...0x1BCA3, 1, 0), (0x1D173...0x1D17A, 1, 0),
    (0xE0001...0xE0001, 1, 0), (0xE0020...0xE007F, 1, 0),
    // Hangul Jamo Extended-B: vowels and final consonants that join the syllable before.
    (0xD7B0...0xD7C6, 1, 0), (0xD7CB...0xD7FB, 1, 0),
    // Circled numbers on black squares and the Yijing hexagrams: wide in glibc.
    (0x3248...0x324F, 1, 2), (0x4DC0...0x4DFF, 1, 2),
  ]

  /// glibc's `wcwidth`, looked up at run time: Glibc's module map leaves it out (it is declared
  /// only for X/Open), and this test target links no C shim.
  static func wcwidth(_ value: UInt32) throws -> Int {
    let function = try #require(wcwidthFunction, "no wcwidth in the C library")
    return Int(function(Int32(bitPattern: value)))
  }

  /// `RTLD_DEFAULT` is a null handle on glibc: the symbol is looked for in every loaded library.
  static let wcwidthFunction: (@convention(c) (Int32) -> Int32)? = dlsym(nil, "wcwidth").map {
    unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self)
  }

  /// Every scalar whose widths differ, as ranges of equal (Cascade, glibc) widths.
  static func differences() throws -> [(range: ClosedRange<UInt32>, cascade: Int, glibc: Int)] {
    let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
    let utf8 = try #require(locale, "no C.UTF-8 locale in this glibc")
    defer { freelocale(utf8) }
    // `uselocale` is per thread, so the rest of the test process keeps its own locale.
    let previous = uselocale(utf8)
    defer { uselocale(previous) }
    var found: [(range: ClosedRange<UInt32>, cascade: Int, glibc: Int)] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let glibc = try Self.wcwidth(value)
      guard glibc >= 0 else { continue }
      let cascade = DisplayText.cellWidth(of: scalar)
      guard cascade != glibc else { continue }
      if let last = found.last, last.range.upperBound == value - 1, last.cascade == cascade,
        last.glibc == glibc
      {
        found[found.count - 1].range = last.range.lowerBound...value
      } else {
        found.append((value...value, cascade, glibc))
      }
    }
    return found
  }

  static func hex(_ range: ClosedRange<UInt32>) -> String {
    let low = String(range.lowerBound, radix: 16, uppercase: true)
    let high = String(range.upperBound, radix: 16, uppercase: true)
    return range.count == 1 ? "U+\(low)" : "U+\(low)...U+\(high)"
  }

  @Test func widthsAreGlibcs() throws {
    let differences = try Self.differences()
    let unexplained = differences.filter { difference in
      !Self.knownExceptions.contains {
        $0.range.contains(difference.range.lowerBound)
          && $0.range.contains(difference.range.upperBound) && $0.cascade == difference.cascade
          && $0.glibc == difference.glibc
      }
    }
    for difference in unexplained.prefix(20) {
      Issue.record(
        "\(Self.hex(difference.range)): Cascade \(difference.cascade), glibc \(difference.glibc)")
    }
    #expect(unexplained.isEmpty, "\(unexplained.count) ranges differ from glibc")
    for exception in Self.knownExceptions {
      let stillDiffers = differences.contains { exception.range.overlaps($0.range) }
      #expect(stillDiffers, "\(Self.hex(exception.range)) agrees now: remove it from the list")
    }
  }

  /// The comparison itself can fail: glibc's widths of a few well-known scalars.
  @Test func glibcAnswersAsExpected() throws {
    let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
    defer { freelocale(locale) }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    #expect(try Self.wcwidth(0x41) == 1)
    #expect(try Self.wcwidth(0x4E2D) == 2)
    #expect(try Self.wcwidth(0x0301) == 0)
    #expect(try Self.wcwidth(0x07) == -1)
  }
}
