import BrowserCore
import Glibc
import Testing

@testable import BrowserShell

/// After each frame, pictures drawn over it: what is gone is repainted by curses, what is new,
/// moved or on a repainted row is drawn again, and nothing else is touched.
@Suite struct OverlayPlanTests {
  func at(_ id: UInt32, row: Int, column: Int = 0, height: Int = 3) -> OverlayPlacement {
    OverlayPlacement(id: id, area: CellRect(row: row, column: column, width: 10, height: height))
  }

  @Test func anUnchangedFrameCostsNothing() {
    let frame = [at(1, row: 2), at(2, row: 8)]
    let plan = OverlayPlan(previous: frame, current: frame)
    #expect(plan.repaint.isEmpty && plan.draw.isEmpty)
  }

  @Test func theFirstFrameDrawsEverything() {
    let frame = [at(1, row: 2), at(2, row: 8)]
    #expect(OverlayPlan(previous: [], current: frame).draw == frame)
  }

  @Test func aScrollRepaintsTheOldRowsAndDrawsAtTheNewOnes() {
    let plan = OverlayPlan(previous: [at(1, row: 2)], current: [at(1, row: 1)])
    #expect(plan.repaint == [2..<5])
    #expect(plan.draw == [at(1, row: 1)])
  }

  @Test func aPictureOnARepaintedRowIsDrawnAgain() {
    // Picture 2 stays, but shares rows with picture 1, which is gone.
    let plan = OverlayPlan(
      previous: [at(1, row: 2), at(2, row: 3, column: 20)], current: [at(2, row: 3, column: 20)])
    #expect(plan.repaint == [2..<5])
    #expect(plan.draw == [at(2, row: 3, column: 20)])
  }

  @Test func picturesCoveredOrTurnedOffAreRepaintedAway() {
    let plan = OverlayPlan(previous: [at(1, row: 2), at(2, row: 4), at(3, row: 20)], current: [])
    #expect(plan.repaint == [2..<7, 20..<23])
    #expect(plan.draw.isEmpty)
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
}
