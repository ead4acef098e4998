import BrowserCore
import Glibc
import Testing

@testable import BrowserShell
@testable import PictureKit

/// Around each frame, pictures drawn over it: what is gone or moved is erased before the frame,
/// what is new or moved is drawn after it, and nothing else is touched.
@Suite struct OverlayPlanTests {
  func at(_ id: UInt32, row: Int, column: Int = 0, height: Int = 3) -> OverlayPlacement {
    OverlayPlacement(id: id, area: CellRect(row: row, column: column, width: 10, height: height))
  }

  @Test func anUnchangedFrameCostsNothing() {
    let frame = [at(1, row: 2), at(2, row: 8)]
    let plan = OverlayPlan(previous: frame, current: frame)
    #expect(plan.erase.isEmpty && plan.draw.isEmpty)
  }

  @Test func theFirstFrameDrawsEverything() {
    let frame = [at(1, row: 2), at(2, row: 8)]
    #expect(OverlayPlan(previous: [], current: frame).draw == frame)
  }

  @Test func aScrollErasesTheOldPlaceAndDrawsAtTheNewOne() {
    let plan = OverlayPlan(previous: [at(1, row: 2)], current: [at(1, row: 1)])
    #expect(plan.erase == [at(1, row: 2)])
    #expect(plan.draw == [at(1, row: 1)])
  }

  @Test func aPictureThatStaysIsLeftAlone() {
    let plan = OverlayPlan(
      previous: [at(1, row: 2), at(2, row: 3, column: 20)], current: [at(2, row: 3, column: 20)])
    #expect(plan.erase == [at(1, row: 2)])
    #expect(plan.draw.isEmpty)
  }

  /// A picture at the view's edge cut by another row is drawn again, though its area's top
  /// stayed at the edge.
  @Test func aPictureCutOtherwiseIsDrawnAgain() {
    var cut = at(1, row: 0, height: 2)
    cut.skippedRows = 1
    var cutMore = at(1, row: 0, height: 1)
    cutMore.skippedRows = 2
    let plan = OverlayPlan(previous: [cut], current: [cutMore])
    #expect(plan.erase == [cut] && plan.draw == [cutMore])
    #expect(cutMore.rows == 2..<3)
  }

  /// Erasing writes blanks (ECH) over each row of the area, which curses already takes for
  /// blank: its idea of the screen stays true.
  @Test func erasingBlanksEachRowOfTheArea() {
    let erasing = SixelDrawer(cell: PixelSize(width: 10, height: 20)).erase(
      at(1, row: 2, column: 4, height: 2), staying: false)
    #expect(
      String(decoding: erasing, as: UTF8.self)
        == "\u{1B}[3;5H\u{1B}[10X\u{1B}[4;5H\u{1B}[10X")
  }

  /// The canvas drops a picture that anything is drawn on afterwards in the same frame (an
  /// overlay, the full-screen view).
  @Test func aCellPutOnAPictureCancelsIt() throws {
    let output = try #require(tmpfile())
    let input = try #require(fopen("/dev/null", "r"))
    defer {
      fclose(output)
      fclose(input)
    }
    let terminal = try Terminal(headless: "xterm-256color", output: output, input: input)
    defer { terminal.restore() }
    terminal.resize(CanvasSize(columns: 40, rows: 12))
    var canvas = CursesCanvas(terminal: terminal)
    canvas.placeOverlay(1, in: CellRect(row: 1, column: 1, width: 5, height: 3))
    canvas.placeOverlay(2, in: CellRect(row: 1, column: 20, width: 5, height: 3))
    canvas.placeOverlay(3, in: CellRect(row: 10, column: 0, width: 5, height: 3))  // off screen
    canvas.put("x", width: 1, row: 3, column: 5, style: .plain)
    #expect(canvas.overlays.map(\.id) == [2])
  }

  /// A box cut by the window's left or right edge (the carousel's side boxes) shows the
  /// columns of its picture in view: it showed none.
  @Test func aPictureCutByTheWindowsSidesShowsItsColumnsInView() throws {
    let placed = try HeadlessTerminal.run { terminal, _ in
      var canvas = CursesCanvas(terminal: terminal)
      canvas.placeOverlay(1, in: CellRect(row: 1, column: -3, width: 10, height: 3))
      canvas.placeOverlay(2, in: CellRect(row: 1, column: 35, width: 10, height: 3))
      canvas.placeOverlay(3, in: CellRect(row: 1, column: -12, width: 10, height: 3))
      return canvas.overlays
    }
    try #require(placed.count == 2, "the one wholly outside is not drawn")
    #expect(placed[0].area == CellRect(row: 1, column: 0, width: 7, height: 3))
    #expect(placed[0].columns == 3..<10)
    #expect(placed[1].area == CellRect(row: 1, column: 35, width: 5, height: 3))
    #expect(placed[1].columns == 0..<5)
  }

  /// The columns in view are drawn from the kept pixels: a sixel of their width, kitty's
  /// source rectangle from their first pixel column.
  @Test func theColumnsInViewAreCutFromTheKeptPixels() throws {
    let sixel = SixelDrawer(cell: PixelSize(width: 10, height: 20))
    let image = OverlayPicturesTests.halves(width: 100, height: 40)
    let kept = try #require(sixel.keep(image, columns: 10, rows: 2, id: 1))
    let placement = OverlayPlacement(
      id: 1, area: CellRect(row: 0, column: 0, width: 4, height: 2), skippedColumns: 6)
    let part = String(decoding: sixel.draw(kept, placement: placement), as: UTF8.self)
    #expect(part.contains("\"1;1;40;"), "a sixel 40 pixels wide: \(part.prefix(40))")
    let kitty = KittyPlacementDrawer()
    let held = try #require(kitty.keep(image, columns: 10, rows: 2, id: 7))
    var seven = placement
    seven.id = 7
    #expect(
      String(decoding: kitty.draw(held, placement: seven), as: UTF8.self)
        == "\u{1B}_Ga=p,i=7,p=1,x=60,y=0,w=40,h=40,c=4,r=2,C=1,q=2\u{1B}\\")
  }
}
