import FeedKit
import Testing
import WaterfallLayout

@testable import CascadeTUI

/// Each layout style drawn at 80×24; the snapshots are reviewed by eye.
@Suite struct BrowserStyleViewTests {
  @Test(arguments: LayoutStyle.allCases)
  func styleAt80x24(style: LayoutStyle) {
    var state = Fixtures.state(
      Fixtures.items(40), options: BrowserOptions(columns: 4, style: style))
    _ = state.handle(.select(.next))
    _ = state.handle(.select(.next))
    assertSnapshot(render(state).text, named: "\(style.rawValue)At80x24")
  }

  @Test func carouselMidSlide() {
    var state = Fixtures.state(Fixtures.items(40), options: BrowserOptions(style: .carousel))
    _ = state.handle(.wheel(3))
    _ = state.handle(.wheel(3))
    assertSnapshot(render(state).text, named: "carouselMidSlide")
  }

  @Test func ringOfThreeAt60x20() {
    let state = Fixtures.state(
      Fixtures.items(3), options: BrowserOptions(style: .ring),
      size: CanvasSize(columns: 60, rows: 20))
    assertSnapshot(render(state).text, named: "ringOfThreeAt60x20")
  }
}

/// Each style's frame costs what its view shows, not what the feed holds.
@Suite struct BrowserStyleFrameCostTests {
  @Test(arguments: LayoutStyle.allCases)
  func frameCostFollowsTheViewNotTheFeed(style: LayoutStyle) {
    func perFrame(_ count: Int) -> Duration {
      var state = Fixtures.state(
        Fixtures.items(count), options: BrowserOptions(columns: 4, style: style),
        size: CanvasSize(columns: 200, rows: 60))
      _ = state.handle(.page(1))
      var canvas = MemoryCanvas(columns: 200, rows: 60)
      let view = BrowserView(theme: Theme())
      let clock = ContinuousClock()
      view.draw(state, into: &canvas)
      let start = clock.now
      for _ in 0..<20 {
        _ = state.handle(.scroll(1))
        view.draw(state, into: &canvas)
      }
      return (clock.now - start) / 20
    }
    let small = perFrame(1_000)
    let large = perFrame(100_000)
    print("\(style) frame at n=1k: \(small), n=100k: \(large)")
    #expect(large < small * 5)
  }
}
