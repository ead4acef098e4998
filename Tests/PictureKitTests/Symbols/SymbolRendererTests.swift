import PictureCells
import Testing

@testable import PictureKit

@Suite struct SymbolRendererTests {
  /// One cell's worth of pixels (chafa samples 8×8 per cell), so no resampling blurs the edge.
  static let redOverBlue = Pixels.halves(top: 0xFF0000, bottom: 0x0000FF, width: 8, height: 8)

  @Test func redOverBlueIsALowerHalfBlockInDirectColour() throws {
    let picture = SymbolRenderer(colorMode: .direct)
      .render(rgba: Self.redOverBlue, width: 8, height: 8, columns: 1, rows: 1)
    #expect(picture.columns == 1 && picture.rows == 1)
    #expect(
      picture[0, 0]
        == SymbolCell(scalar: "▄", foreground: .rgb(0x0000FF), background: .rgb(0xFF0000)))
  }

  @Test func redOverBlueIsBrightBlueOverBrightRedInSixteenColours() {
    let picture = SymbolRenderer(colorMode: .palette16)
      .render(rgba: Self.redOverBlue, width: 8, height: 8, columns: 1, rows: 1)
    #expect(
      picture[0, 0] == SymbolCell(scalar: "▄", foreground: .palette(12), background: .palette(9)))
  }

  @Test(arguments: [(CellColorMode.palette256, 16...255), (.palette16, 0...15)])
  func paletteIndicesStayInTheModesRange(mode: CellColorMode, range: ClosedRange<UInt8>) {
    let pixels = Pixels.gradient(width: 97, height: 61)
    let picture = SymbolRenderer(colorMode: mode)
      .render(rgba: pixels, width: 97, height: 61, columns: 23, rows: 9)
    #expect(picture.cells.count == 23 * 9)
    let indices = picture.cells.flatMap { [$0.foreground, $0.background] }.map { color in
      if case .palette(let index) = color { return Int(index) }
      return -1
    }
    #expect(indices.allSatisfy { range.contains(UInt8(clamping: $0)) && $0 >= 0 })
    #expect(Set(indices).count > 4, "a gradient needs more than a few colours")
  }

  @Test(arguments: CellColorMode.allCases)
  func aUniformPictureGivesCellsOfOneColour(mode: CellColorMode) throws {
    let picture = SymbolRenderer(colorMode: mode)
      .render(
        rgba: Pixels.uniform(0x336699, width: 30, height: 17), width: 30, height: 17,
        columns: 7, rows: 4)
    let first = try #require(picture.cells.first)
    #expect(picture.cells.allSatisfy { $0 == first })
    #expect(first.foreground == first.background)
    if mode == .direct { #expect(first.background == .rgb(0x336699)) }
  }

  @Test func partlyTransparentPixelsAreLaidOverTheCallersBackground() {
    let renderer = SymbolRenderer(colorMode: .direct, background: 0x204060)
    let faint = renderer.render(
      rgba: Pixels.uniform(0xFFFFFF, width: 16, height: 16, alpha: 64), width: 16, height: 16,
      columns: 2, rows: 2)
    // (0x20 × 191 + 0xFF × 64) / 255 = 0x58, and so on: white at a quarter over the background.
    #expect(faint.cells.allSatisfy { $0.background == .rgb(0x58_7088) })
    let half = SymbolRenderer(colorMode: .direct).render(
      rgba: Pixels.uniform(0xFF0000, width: 8, height: 8, alpha: 128), width: 8, height: 8,
      columns: 1, rows: 1)
    #expect(half[0, 0].background == .rgb(0x800000), "red at alpha 128 over black")
  }

  /// A cell with nothing to show is left to the terminal: on a light terminal a transparent
  /// canvas was a black slab, and a black logo on it could not be seen.
  @Test(arguments: CellColorMode.allCases)
  func clearCellsShowTheTerminalsOwnBackground(mode: CellColorMode) {
    let through = SymbolCell(
      scalar: " ", foreground: .terminalDefault, background: .terminalDefault)
    let clear = SymbolRenderer(colorMode: mode, background: 0x204060).render(
      rgba: Pixels.uniform(0xFFFFFF, width: 16, height: 16, alpha: 0), width: 16, height: 16,
      columns: 2, rows: 2)
    #expect(clear.cells == Array(repeating: through, count: 4))
    // Black ink in the middle 16×16 of a clear 32×32 canvas, 8 pixels a cell: the ring of
    // cells around it shows the terminal, the four in the middle the ink.
    var logo = Pixels.uniform(0x000000, width: 32, height: 32, alpha: 0)
    for y in 8..<24 {
      for x in 8..<24 { logo[(y * 32 + x) * 4 + 3] = 0xFF }
    }
    let picture = SymbolRenderer(colorMode: mode, background: 0xFFFFFF).render(
      rgba: logo, width: 32, height: 32, columns: 4, rows: 4)
    for row in 0..<4 {
      for column in 0..<4 {
        let inked = (1...2).contains(row) && (1...2).contains(column)
        #expect((picture[column, row] == through) != inked, "cell (\(column), \(row))")
      }
    }
    if mode == .direct { #expect(picture[1, 1].background == .rgb(0x000000)) }
  }

  @Test func aCellWithOneVisiblePixelIsNotClear() {
    var pixels = Pixels.uniform(0xFF0000, width: 16, height: 8, alpha: 0)
    // One pixel at alpha 8, the least that counts, in the right-hand cell; the left one is
    // clear though its pixels are not quite transparent.
    pixels[(3 * 16 + 12) * 4 + 3] = 8
    for x in 0..<8 { pixels[(5 * 16 + x) * 4 + 3] = 7 }
    let picture = SymbolRenderer(colorMode: .direct).render(
      rgba: pixels, width: 16, height: 8, columns: 2, rows: 1)
    #expect(picture[0, 0].background == .terminalDefault)
    #expect(picture[1, 0].background != .terminalDefault)
    #expect(picture[1, 0].foreground != .terminalDefault)
  }

  @Test func anEmptyBoxGivesAnEmptyPicture() {
    let renderer = SymbolRenderer(colorMode: .direct)
    let pixels = Pixels.gradient(width: 4, height: 4)
    for (columns, rows) in [(0, 5), (5, 0), (0, 0), (-3, 2)] {
      let picture = renderer.render(rgba: pixels, width: 4, height: 4, columns: columns, rows: rows)
      #expect(picture.columns == 0 && picture.rows == 0 && picture.cells.isEmpty)
    }
  }

  @Test func aPictureWithoutPixelsGivesBackgroundCells() {
    let picture = SymbolRenderer(colorMode: .direct, background: 0x112233)
      .render(rgba: [], width: 0, height: 0, columns: 3, rows: 2)
    #expect(picture.cells.count == 6)
    #expect(picture.cells.allSatisfy { $0.background == .rgb(0x112233) })
  }

  @Test func extremeShapesFillTheRequestedCells() {
    let renderer = SymbolRenderer(colorMode: .direct)
    let shapes = [(1, 1, 10, 5), (10_000, 1, 40, 1), (1, 3_000, 1, 30), (2, 2, 120, 40)]
    for (width, height, columns, rows) in shapes {
      let pixels = Pixels.gradient(width: width, height: height)
      let picture = renderer.render(
        rgba: pixels, width: width, height: height, columns: columns, rows: rows)
      #expect(picture.columns == columns && picture.rows == rows)
      #expect(picture.cells.count == columns * rows)
    }
  }

  @Test(arguments: SymbolSet.allCases)
  func symbolsAreOneColumnShapesOfTheChosenSet(set: SymbolSet) {
    let picture = SymbolRenderer(colorMode: .direct, symbols: set)
      .render(rgba: Pixels.disc(size: 160), width: 160, height: 160, columns: 40, rows: 20)
    let scalars = Set(picture.cells.map(\.scalar.value))
    let blocks: [ClosedRange<UInt32>] = [0x20...0x20, 0x2500...0x257F, 0x2580...0x259F]
    let sextants: ClosedRange<UInt32> = 0x1FB00...0x1FB3B
    let allowed: [ClosedRange<UInt32>] =
      switch set {
      case .blocks: blocks
      case .blocksAndSextants: blocks + [sextants]
      case .ascii: [0x20...0x7E]
      }
    #expect(scalars.allSatisfy { value in allowed.contains { $0.contains(value) } }, "\(scalars)")
    #expect(scalars.count > 4, "a disc's edge needs partial shapes: \(scalars)")
    #expect(scalars.contains { sextants.contains($0) } == (set == .blocksAndSextants))
  }

  @Test func concurrentRendersEqualSerialOnes() async {
    let renderer = SymbolRenderer(colorMode: .palette256)
    let sizes = (0..<12).map { (width: 40 + $0 * 13, height: 30 + $0 * 7) }
    let serial = sizes.map { size in
      renderer.render(
        rgba: Pixels.gradient(width: size.width, height: size.height), width: size.width,
        height: size.height, columns: 20, rows: 10)
    }
    let concurrent = await withTaskGroup(of: (Int, SymbolPicture).self) { group in
      for round in 0..<4 {
        for (index, size) in sizes.enumerated() {
          group.addTask {
            let pixels = Pixels.gradient(width: size.width, height: size.height)
            _ = round
            return (
              index,
              renderer.render(
                rgba: pixels, width: size.width, height: size.height, columns: 20, rows: 10)
            )
          }
        }
      }
      var results: [(Int, SymbolPicture)] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(concurrent.count == sizes.count * 4)
    #expect(concurrent.allSatisfy { serial[$0.0] == $0.1 })
  }
}
