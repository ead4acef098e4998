import PictureCells
import Testing

/// Placeholder cells: the marks that number rows and columns, and the image ids a palette
/// colour can carry.
@Suite struct KittyPlaceholderTests {
  /// The first entries of kitty's `rowcolumn-diacritics.txt`, checked by hand against the
  /// protocol's documentation: rows and columns 0, 1, 2, … are these marks.
  @Test func theFirstMarksAreKittys() {
    let first: [UInt32] = [0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F]
    #expect(KittyPlaceholder.diacritics.prefix(8).map(\.value) == first)
  }

  @Test func everyMarkIsDistinctAndNumbered() {
    let marks = KittyPlaceholder.diacritics
    #expect(marks.count == 129)
    #expect(Set(marks).count == marks.count)
    for mark in marks {
      #expect(KittyPlaceholder.number(of: mark) == marks.firstIndex(of: mark))
    }
  }

  @Test func theFirstCellOfARowCarriesRowColumnAndHighByte() {
    let placeholder = KittyPlaceholder(imageID: 2 << 24 | 9, direct: false)
    let scalars = Array(placeholder.cluster(row: 3, column: 0).unicodeScalars)
    #expect(scalars.map(\.value) == [0x10EEEE, 0x0310, 0x0305, 0x030E])
    #expect(placeholder.cluster(row: 3, column: 5) == "\u{10EEEE}")
    #expect(placeholder.foreground == .palette(9))
    #expect(KittyPlaceholder(imageID: 9, direct: true).foreground == .rgb(9))
  }

  @Test func idsFitAPaletteColourAndAMark() {
    var seen = Set<UInt32>()
    for serial in 0..<(255 * KittyPlaceholder.diacritics.count) {
      let id = KittyPlaceholder.id(serial: serial)
      #expect(id & 0xFF != 0 && id & 0x00FF_FF00 == 0)
      #expect(Int(id >> 24) < KittyPlaceholder.diacritics.count)
      seen.insert(id)
    }
    #expect(seen.count == 255 * KittyPlaceholder.diacritics.count)
    #expect(KittyPlaceholder.id(serial: seen.count) == KittyPlaceholder.id(serial: 0))
  }

  @Test func aPlaceholderPictureHasBlankCells() {
    let picture = SymbolPicture.placeholder(
      KittyPlaceholder(imageID: 1, direct: false), columns: 3, rows: 2)
    #expect(picture.cells.count == 6)
    #expect(picture.placeholder?.imageID == 1)
  }
}
