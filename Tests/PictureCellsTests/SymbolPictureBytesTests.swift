import PictureCells
import Testing

@Suite struct SymbolPictureBytesTests {
  static let picture = SymbolPicture(
    columns: 4, rows: 2,
    cells: [
      SymbolCell(scalar: "▀", foreground: .rgb(0xFF0000), background: .palette(17)),
      SymbolCell(scalar: "▄", foreground: .palette(255), background: .rgb(0x000000)),
      SymbolCell(scalar: " ", foreground: .rgb(0x123456), background: .rgb(0x123456)),
      SymbolCell(scalar: "🭐", foreground: .palette(0), background: .palette(9)),
      SymbolCell(scalar: "█", foreground: .rgb(0xFFFFFF), background: .rgb(0xFFFFFF)),
      SymbolCell(scalar: "▌", foreground: .rgb(1), background: .palette(200)),
      SymbolCell(scalar: " ", foreground: .terminalDefault, background: .terminalDefault),
      SymbolCell(scalar: "▀", foreground: .palette(42), background: .terminalDefault),
    ])

  @Test func aPictureReadsBackAsItWasWritten() {
    #expect(SymbolPicture(bytes: Self.picture.bytes) == Self.picture)
  }

  @Test func damagedBytesAreNoPicture() {
    let bytes = Self.picture.bytes
    #expect(SymbolPicture(bytes: Array(bytes.dropLast())) == nil)
    #expect(SymbolPicture(bytes: Array(bytes.prefix(11))) == nil)
    var wrongTag = bytes
    wrongTag[12 + 4] = 7
    #expect(SymbolPicture(bytes: wrongTag) == nil)
    // The terminal's default colour carries no value: one with a value is not a picture.
    var valued = bytes
    let last = bytes.count - 4
    #expect(valued[last - 1] == 2)
    valued[last] = 1
    #expect(SymbolPicture(bytes: valued) == nil)
    var surrogate = bytes
    surrogate[12] = 0x00
    surrogate[13] = 0xD8
    surrogate[14] = 0
    surrogate[15] = 0
    #expect(SymbolPicture(bytes: surrogate) == nil)
    var huge = bytes
    huge[4] = 0xFF
    huge[5] = 0xFF
    huge[6] = 0xFF
    #expect(SymbolPicture(bytes: huge) == nil)
  }
}
