import FeedKit
import Testing

@testable import BrowserCore

/// A running load shows how far it has got on the status line.
@Suite struct LoadProgressViewTests {
  @Test func theBarShowsThePartRead() {
    let half = LoadProgress.Snapshot(bytes: 1 << 20, total: 2 << 20, isLoading: true)
    #expect(
      ProgressBar.text(half, barWidth: 10, unicode: false) == "[#####-----] 50%  1.0 MiB of 2.0 MiB"
    )
    let unknown = LoadProgress.Snapshot(bytes: 1 << 20, items: 30)
    #expect(ProgressBar.text(unknown) == "1.0 MiB read  30 items")
  }

  @Test func theStatusLineShowsTheBarWhileALoadRuns() throws {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 100, rows: 20))
    let effects = state.update(.action(.refresh))
    _ = state.update(
      .loadProgress(LoadProgress.Snapshot(bytes: 3 << 20, total: 4 << 20, isLoading: true)))
    let canvas = render(state)
    let status = canvas.line(canvas.size.rows - 1)
    #expect(status.contains("refreshing…  [█████████░░░] 75%  3.0 MiB of 4.0 MiB"), "\(status)")
    guard case .load(let request) = try #require(effects.first) else { return }
    _ = state.update(
      .loaded(
        .replaced(Fixtures.items(12), skipped: SkipReport(), hasMore: false), request, title: nil))
    #expect(state.loadProgress == nil)
  }
}
