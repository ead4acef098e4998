import Glibc
import Testing

@testable import BrowserCore

/// The cell-width table against glibc's `wcwidth`, which ncurses counts cells with and which the
/// table is generated from (`Scripts/generate-cell-widths.py`): a box's text is cut and padded
/// by these widths, and one cell of disagreement shifts every cell after it on the row.
@Suite struct CellWidthTableTests {
  /// Where `DisplayText.cellWidth(of:)` may differ from `wcwidth`, and why.
  enum Exception: Hashable, CustomStringConvertible {
    /// C0 and C1 controls, U+2028 and U+2029: `wcwidth` says -1 (0 for NUL), they are no
    /// printable text. `DisplayText` removes them before anything is measured; 1 is never used.
    case control
    /// Assigned after glibc's Unicode data (Swift's runtime knows a newer Unicode than the
    /// machine's C library): `wcwidth` says -1, not a width, and the terminal, using the same
    /// data, draws it as one cell (or a replacement box), so the table gives 1.
    case newerThanTheCLibrary

    var description: String {
      switch self {
      case .control: "a control or line separator"
      case .newerThanTheCLibrary: "assigned after the C library's Unicode data"
      }
    }
  }

  /// Why `scalar`'s width may differ from `wcwidth`'s answer `expected`, or nil if it may not.
  /// - Parameter library: the newest Unicode version of a scalar `wcwidth` gives a width:
  ///   the version of the C library's data.
  static func exception(
    for scalar: Unicode.Scalar, wcwidth expected: Int32, library: Unicode.Version
  ) -> Exception? {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return .control
    default: break
    }
    guard expected < 0, let age = scalar.properties.age else { return nil }
    return (age.major, age.minor) > (library.major, library.minor) ? .newerThanTheCLibrary : nil
  }

  /// glibc's `wcwidth`, which the Glibc module leaves out (it is declared under X/Open only).
  static func wcwidthFunction() throws -> @convention(c) (wchar_t) -> Int32 {
    // A null handle is RTLD_DEFAULT: the symbol as the process links it.
    let symbol = try #require(dlsym(nil, "wcwidth"), "no wcwidth in the C library")
    return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
  }

  /// `wcwidth` under a UTF-8 locale for this thread only (`uselocale`): tests running beside
  /// this one keep the process's locale.
  static func withUTF8Locale<T>(_ body: () throws -> T) throws -> T {
    let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "no C.UTF-8 locale")
    defer { freelocale(utf8) }
    let previous = uselocale(utf8)
    defer { uselocale(previous) }
    return try body()
  }

  @Test func everyAssignedScalarTakesTheCellsWcwidthSays() throws {
    var mismatches: [String] = []
    var excepted: [Exception: Int] = [:]
    let wcwidth = try Self.wcwidthFunction()
    try Self.withUTF8Locale {
      let assigned = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
        $0.properties.generalCategory != .unassigned
      }
      let widths = assigned.map { wcwidth(wchar_t(bitPattern: $0.value)) }
      var library: Unicode.Version = (1, 1)
      for (scalar, width) in zip(assigned, widths) where width >= 0 {
        if let age = scalar.properties.age, (age.major, age.minor) > (library.major, library.minor)
        {
          library = age
        }
      }
      #expect(library.major >= 14, "the C library's Unicode data is \(library)")
      for (scalar, expected) in zip(assigned, widths) {
        let got = DisplayText.cellWidth(of: scalar)
        guard got != Int(expected) else { continue }
        if let exception = Self.exception(for: scalar, wcwidth: expected, library: library) {
          excepted[exception, default: 0] += 1
        } else if mismatches.count < 20 {
          let name = "U+" + String(scalar.value, radix: 16, uppercase: true)
          mismatches.append("\(name): \(got), wcwidth \(expected)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
    // The 65 C0 and C1 controls (NUL too: 0 to `wcwidth`) and the two separators.
    #expect(excepted[.control] == 67, "\(excepted)")
  }

  /// The assigned scalars the old table got wrong (derived from East Asian Width, not from
  /// `wcwidth`), and unassigned code points, which it called wide by the hundred thousand.
  @Test(arguments: [
    (0x3248, 2), (0x324F, 2), (0x4DC0, 2), (0x4DFF, 2), (0xD7B0, 0), (0xD7FB, 0),
    (0x4E00, 2), (0xFF21, 2), (0x1F600, 2), (0x0301, 0), (0x200B, 0), (0x1160, 0),
    (0x2FFFD, 1), (0x3FFFD, 1), (0xE0000, 1), (0x0378, 1),
  ])
  func knownWidths(value: UInt32, cells: Int) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(DisplayText.cellWidth(of: scalar) == cells)
  }
}
