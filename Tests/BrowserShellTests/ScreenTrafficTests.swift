import BrowserCore
import FeedKit
import FeedModel
import Testing

@testable import BrowserShell

@Suite struct ScreenTrafficTests {
  /// On a real terminal a one-row scroll costs at most 0.35× a repaint.
  @Test func oneRowScrollSendsLittleComparedWithARepaint() throws {
    let items = (0..<2_000).map { i in
      FeedItem(
        imageURL: "https://example.com/\(i).jpg", width: [600, 1200, 1800][i % 3],
        height: [600, 2249, 1200][i % 3], title: "item \(i + 1)")
    }
    var state = BrowserState(
      options: BrowserOptions(columns: 6), screen: CanvasSize(columns: 200, rows: 60))
    _ = state.update(.started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    _ = state.update(.action(.page(1)))
    let (full, scroll) = try CursesLock.run { try ScreenTraffic.measure(state) }
    print("full repaint \(full) bytes, one-row scroll \(scroll) bytes")
    #expect(full > 0)
    #expect(Double(scroll) <= 0.35 * Double(full))
  }
}
