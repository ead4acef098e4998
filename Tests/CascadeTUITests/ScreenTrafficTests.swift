import Testing

@testable import CascadeTUI

@Suite struct ScreenTrafficTests {
  /// Issue 6's target for the real terminal: a one-row scroll costs at most 0.35× a repaint.
  @Test func oneRowScrollSendsLittleComparedWithARepaint() throws {
    var state = Fixtures.state(
      Fixtures.items(2_000), columns: 6, size: CanvasSize(columns: 200, rows: 60))
    _ = state.handle(.page(1))
    let (full, scroll) = try ScreenTraffic.measure(state)
    print("full repaint \(full) bytes, one-row scroll \(scroll) bytes")
    #expect(full > 0)
    #expect(Double(scroll) <= 0.35 * Double(full))
  }
}
