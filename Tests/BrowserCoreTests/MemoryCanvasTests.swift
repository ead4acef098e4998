import PictureCells
import Testing

@testable import BrowserCore

@Suite struct MemoryCanvasTests {
  @Test func wideClustersTakeTwoCells() {
    var canvas = MemoryCanvas(columns: 6, rows: 1)
    canvas.write("山x", row: 0, column: 0, maxWidth: 6)
    #expect(canvas[0, 0].width == 2)
    #expect(canvas[0, 1].width == 0)
    #expect(canvas.text == "山x")
  }

  @Test func overwritingHalfAWideClusterBlanksTheOtherHalf() {
    var canvas = MemoryCanvas(columns: 4, rows: 1)
    canvas.write("山", row: 0, column: 0, maxWidth: 4)
    canvas.put("a", width: 1, row: 0, column: 1, style: .plain)
    #expect(canvas.text == " a")
  }

  @Test func wideClusterAtTheRightEdgeBecomesABlank() {
    var canvas = MemoryCanvas(columns: 3, rows: 1)
    canvas.put("山", width: 2, row: 0, column: 2, style: .plain)
    #expect(canvas[0, 2].text == " ")
  }

  @Test func writesOutsideAreIgnored() {
    var canvas = MemoryCanvas(columns: 2, rows: 2)
    canvas.put("x", width: 1, row: -1, column: 0, style: .plain)
    canvas.put("x", width: 1, row: 0, column: 5, style: .plain)
    canvas.fill(row: -3, column: -3, width: 4, height: 4, with: "#")
    #expect(canvas.text == "#\n")
  }

  @Test func textIsCutToTheWidthWithAnEllipsis() {
    var canvas = MemoryCanvas(columns: 10, rows: 1)
    let used = canvas.write("a long title", row: 0, column: 1, maxWidth: 6)
    #expect(used == 6)
    #expect(canvas.text == " a lon…")
  }

  /// A row of picture cells put in one call lands as the same cells put one by one would,
  /// clipped at both edges and blanking the halves of wide clusters it cuts.
  @Test(arguments: [-3, 0, 1, 2, 4, 6])
  func aPictureRowIsTheSameAsItsCellsPutOneByOne(column: Int) {
    let colors: [CellColor] = [.rgb(0x102030), .rgb(0x102030), .palette(9), .rgb(0xFFFFFF)]
    let picture = (0..<5).map { i in
      SymbolCell(
        scalar: i % 3 == 0 ? "▀" : "▄", foreground: colors[i % 4], background: colors[3 - i % 4])
    }
    func canvas() -> MemoryCanvas {
      var canvas = MemoryCanvas(columns: 8, rows: 2)
      canvas.write("山x山山", row: 1, column: 0, maxWidth: 8)
      return canvas
    }
    var whole = canvas()
    // A slice that does not start at 0, as a picture's rows are.
    let cells = ([SymbolCell](repeating: picture[0], count: 3) + picture)[3...]
    whole.putPictureRow(cells, row: 1, column: column)
    var oneByOne = canvas()
    for (i, cell) in picture.enumerated() {
      oneByOne.put(
        String(cell.scalar)[...], width: 1, row: 1, column: column + i,
        style: CellAppearance(
          foreground: Color(cell.foreground), background: Color(cell.background)))
    }
    #expect(whole.cells == oneByOne.cells, "\(whole.line(1)) against \(oneByOne.line(1))")
    #expect(whole.line(0) == "", "other rows untouched")
  }
}
