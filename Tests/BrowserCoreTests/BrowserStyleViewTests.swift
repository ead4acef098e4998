import LayoutEngine
import Testing

@testable import BrowserCore

/// Each layout style drawn at 80×24; the snapshots are reviewed by eye.
@Suite struct BrowserStyleViewTests {
  @Test(arguments: LayoutStyle.allCases)
  func styleAt80x24(style: LayoutStyle) {
    var state = Fixtures.state(
      Fixtures.items(40), options: BrowserOptions(columns: 4, style: style, pictures: false))
    _ = state.handle(.select(.next))
    _ = state.handle(.select(.next))
    assertSnapshot(render(state).text, named: "\(style.rawValue)At80x24")
  }

  @Test func carouselMidSlide() {
    var state = Fixtures.state(
      Fixtures.items(40), options: BrowserOptions(style: .carousel, pictures: false))
    _ = state.handle(.wheel(3))
    _ = state.handle(.wheel(3))
    assertSnapshot(render(state).text, named: "carouselMidSlide")
  }

  @Test func ringOfThreeAt60x20() {
    let state = Fixtures.state(
      Fixtures.items(3), options: BrowserOptions(style: .ring, pictures: false),
      size: CanvasSize(columns: 60, rows: 20))
    assertSnapshot(render(state).text, named: "ringOfThreeAt60x20")
  }
}
