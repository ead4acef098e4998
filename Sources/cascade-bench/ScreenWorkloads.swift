import BrowserCore
import BrowserShell
import FeedKit
import FeedModel
import LayoutEngine

/// The browser's cost per scroll step: drawing the visible boxes into the in-memory canvas, the
/// same through ncurses to a terminal (what a key costs until its frame is sent), and the bytes
/// ncurses sends for a one-row scroll.
enum ScreenWorkloads {
  static let screen = CanvasSize(columns: 200, rows: 60)

  static func browser(items n: Int) -> BrowserState {
    let items = SyntheticFeed.sizes(n).enumerated().map { i, size in
      FeedItem(
        imageURL: "https://images.example.com/feed/\(i).jpg", width: size.width,
        height: size.height, title: i % 3 == 0 ? "Picture number \(i) of the feed" : nil)
    }
    var state = BrowserState(options: BrowserOptions(columns: 8), screen: screen)
    _ = state.update(.started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    return state
  }

  static func measure(quick: Bool, into report: inout Report) {
    let n = quick ? 100_000 : 1_000_000
    var state = browser(items: n)
    // Start in the middle of the feed, where every row of the screen holds boxes.
    _ = state.update(.action(.scroll(state.maxTop / 2)))
    let view = BrowserView(theme: Theme())
    var canvas = MemoryCanvas(columns: screen.columns, rows: screen.rows)
    let steps = 200
    let time = Stopwatch.median(runs: quick ? 3 : 7) {
      var stepping = state
      for _ in 0..<steps {
        _ = stepping.update(.action(.scroll(1)))
        view.draw(stepping, into: &canvas)
      }
      Sink.take(Int(canvas[0, 0].width))
    }
    report.add(
      Figure(
        "draw a frame 200×60 n=\(n), per scroll", "time per frame", time / Double(steps) * 1e6,
        unit: "µs", target: "≤ 500 µs"))
    // The same scrolls as the browser makes them: drawn through ncurses and sent.
    let cursesSteps = 100
    var failure: TerminalError?
    let sent = Stopwatch.median(runs: quick ? 3 : 7) {
      do throws(TerminalError) {
        let bytes = try ScreenTraffic.sending(size: state.screen) { send in
          var stepping = state
          var bytes = 0
          for _ in 0..<cursesSteps {
            _ = stepping.update(.action(.scroll(1)))
            bytes = send(stepping)
          }
          return bytes
        }
        Sink.take(bytes)
      } catch {
        failure = error
      }
    }
    if let failure {
      print("screen: could not start a headless terminal: \(failure)")
    } else {
      report.add(
        Figure(
          "key to frame 200×60 n=\(n), per scroll", "drawn and sent",
          sent / Double(cursesSteps) * 1e6,
          unit: "µs", target: "≤ 500 µs"))
    }
    do {
      let bytes = try ScreenTraffic.measure(state, scrolledBy: 1)
      report.add(
        Figure(
          "bytes for a 1-row scroll 200×60", "bytes sent", Double(bytes.scroll), unit: "B",
          baseline: ("full repaint", Double(bytes.fullRepaint)), target: "≤ 0.35× a full repaint"))
    } catch {
      print("screen bytes: could not start a headless terminal: \(error)")
    }
  }
}
