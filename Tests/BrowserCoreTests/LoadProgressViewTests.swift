import FeedModel
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

  /// The line before the browser starts stays on one row of the terminal, whatever its width:
  /// a wrapped line is left behind on every redraw.
  @Test func theProgressLineFitsTheTerminal() {
    let half = LoadProgress.Snapshot(bytes: 1 << 20, total: 2 << 20, items: 1234, isLoading: true)
    let label =
      "cascade: loading https://images.example.com/" + String(repeating: "feed/", count: 30)
    #expect(
      ProgressBar.line("cascade: loading feed.json", half, width: 200, unicode: false)
        == "cascade: loading feed.json...  [##########----------] 50%  1.0 MiB of 2.0 MiB  1234 items"
    )
    for unicode in [true, false] {
      for width in 1...220 {
        let line = ProgressBar.line(
          label, half, width: width, unicode: unicode, longestLabel: 77, shortestLabel: 26)
        #expect(DisplayText(line).width <= max(0, width - 1), "\(width): \(line)")
        #expect(unicode || line.allSatisfy(\.isASCII), "\(line)")
        if width >= 90 {
          #expect(line.hasPrefix("cascade: loading https://"), "\(line)")
          #expect(line.hasSuffix("50%  1.0 MiB of 2.0 MiB  1234 items"), "\(width): \(line)")
        }
      }
    }
    // Wide enough for all of it: the label's full 77 cells and the wide bar.
    let wide = ProgressBar.line(label, half, width: 200, longestLabel: 77, shortestLabel: 26)
    #expect(wide.hasPrefix(String(label.prefix(77)) + "…  [██████████░░░░░░░░░░] 50%"), "\(wide)")
    // Narrower: the label is cut before the bar narrows, and the bar before the label goes.
    let narrow = ProgressBar.line(label, half, width: 100, longestLabel: 77, shortestLabel: 26)
    #expect(narrow.contains("…  [██████████░░░░░░░░░░] 50%"), "\(narrow)")
    let narrower = ProgressBar.line(label, half, width: 80, longestLabel: 77, shortestLabel: 26)
    #expect(narrower.contains("…  [█████░░░░░] 50%"), "\(narrower)")
    #expect(narrower.hasPrefix("cascade: loading https://"), "\(narrower)")
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
