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
}
