import LayoutEngine
import Testing

@testable import BrowserCore

@Suite struct CellGeometryTests {
  @Test func edgesRoundOnTheirOwn() {
    let geometry = CellGeometry(cellAspect: 2)
    let rect = geometry.cellRect(Rect(x: 1.4, y: 2.9, width: 23.2, height: 10.2))
    #expect(rect == CellRect(row: 1, column: 1, width: 24, height: 6))
  }

  /// Neighbours one column and one row apart in layout space stay exactly one cell apart.
  @Test(arguments: [1.0, 2.0, 2.3])
  func gapsStayOneCellWide(aspect: Double) {
    let geometry = CellGeometry(cellAspect: aspect)
    for step in 0..<200 {
      let x = Double(step) * 0.37
      let y = Double(step) * 0.91
      let a = geometry.cellRect(Rect(x: x, y: y, width: 10.3, height: 17.7))
      let right = geometry.cellRect(Rect(x: x + 11.3, y: y, width: 10.3, height: 17.7))
      let below = geometry.cellRect(Rect(x: x, y: y + 17.7 + aspect, width: 10.3, height: 5))
      #expect(right.column - a.right == 1)
      #expect(below.row - a.bottom == 1)
    }
  }

  @Test func squarePicturesLookSquareAtTheDefaultAspect() throws {
    let state = Fixtures.state(
      [Fixtures.items(1)[0]], columns: 1, size: CanvasSize(columns: 42, rows: 40))
    let rect = try #require(state.cellRect(of: 0))
    // The picture fills the box inside its border, 38 × 19 cells, and the box adds its
    // border and caption rows.
    #expect(rect.width == 40)
    #expect(rect.height == 22)
    let area = try #require(PictureArea.inside(box: rect))
    #expect(area.width == 38 && area.height == 19)
  }

  @Test func coloursFallBackToWhatTheTerminalHas() {
    #expect(Color.rgb(255, 0, 0).paletteIndex == 196)
    #expect(Color.rgb(128, 128, 128).paletteIndex == 244)
    #expect(Color.palette(196).basicIndex == 1)
    #expect(Color.ansi(12).basicIndex == 4)
    #expect(Color.default.paletteIndex == -1)
    #expect(Theme.detect(isUTF8: true, colorCount: 2, noColor: false).colors == .none)
    #expect(Theme.detect(isUTF8: true, colorCount: 8, noColor: false).colors == .basic)
    #expect(Theme.detect(isUTF8: false, colorCount: 256, noColor: false).isUnicode == false)
  }
}
