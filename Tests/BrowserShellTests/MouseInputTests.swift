import BrowserCore
import Testing

@testable import BrowserShell

/// SGR mouse reports read as clicks and wheel steps; a second press soon after on the same
/// place is a double click.
@Suite struct MouseInputTests {
  @Test func sgrReportsAreClicksAndWheelSteps() {
    #expect(
      MouseInput.report("<0;10;5", final: 0x4D)
        == .click(MouseClick(button: .left, row: 4, column: 9)))
    #expect(
      MouseInput.report("<2;1;1", final: 0x4D)
        == .click(MouseClick(button: .right, row: 0, column: 0)))
    #expect(MouseInput.report("<64;3;3", final: 0x4D) == .wheelUp)
    #expect(MouseInput.report("<65;3;3", final: 0x4D) == .wheelDown)
    // A release, a drag, and nonsense are nothing.
    #expect(MouseInput.report("<0;10;5", final: 0x6D) == nil)
    #expect(MouseInput.report("<32;10;5", final: 0x4D) == nil)
    #expect(MouseInput.report("<0;0;5", final: 0x4D) == nil)
    #expect(MouseInput.report("<0;x;5", final: 0x4D) == nil)
  }

  @Test func anSGRReportAfterEscIsAClickNotEsc() {
    var bytes = Array("[<0;7;3M".unicodeScalars.map { EscapeSequence.Input.character($0.value) })[
      ...]
    let key = EscapeSequence.decode { bytes.popFirst() }
    #expect(key == .click(MouseClick(button: .left, row: 2, column: 6)))
  }

  @Test func aSecondPressSoonOnTheSamePlaceIsADoubleClick() {
    var mouse = MouseInput()
    let start = ContinuousClock.now
    let click = MouseClick(button: .left, row: 5, column: 5)
    #expect(mouse.counted(click, at: start).count == 1)
    #expect(mouse.counted(click, at: start + .milliseconds(200)).count == 2)
    // Too late, or elsewhere: a new click.
    #expect(mouse.counted(click, at: start + .seconds(2)).count == 1)
    var moved = click
    moved.column = 20
    #expect(mouse.counted(moved, at: start + .milliseconds(2100)).count == 1)
  }
}
