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

  static func browser(items n: Int, style: LayoutStyle = .waterfall) -> BrowserState {
    let items = SyntheticFeed.sizes(n).enumerated().map { i, size in
      FeedItem(
        imageURL: "https://images.example.com/feed/\(i).jpg", width: size.width,
        height: size.height, title: i % 3 == 0 ? "Picture number \(i) of the feed" : nil)
    }
    var state = BrowserState(options: BrowserOptions(columns: 8, style: style), screen: screen)
    _ = state.update(.started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    return state
  }

  /// A frame's time in memory, per scroll step, `steps` steps from the middle of `state`'s
  /// feed (where every row of the screen holds boxes).
  static func frameTime(_ state: BrowserState, steps: Int, runs: Int) -> Double {
    var state = state
    _ = state.update(.action(.scroll(state.maxTop / 2)))
    let view = BrowserView(theme: Theme())
    var canvas = MemoryCanvas(columns: screen.columns, rows: screen.rows)
    let time = Stopwatch.median(runs: runs) {
      var stepping = state
      for _ in 0..<steps {
        _ = stepping.update(.action(.scroll(1)))
        view.draw(stepping, into: &canvas)
      }
      Sink.take(Int(canvas[0, 0].width))
    }
    return time / Double(steps)
  }

  /// In every style a frame costs what the view holds, not what the feed does: only the boxes
  /// in view are asked for and drawn. 100 times the items, the same frame.
  static func measureStyles(quick: Bool, into report: inout Report) {
    for style in LayoutStyle.allCases {
      let small = frameTime(browser(items: 1_000, style: style), steps: 50, runs: quick ? 3 : 7)
      let large = frameTime(browser(items: 100_000, style: style), steps: 50, runs: quick ? 3 : 7)
      report.add(
        Figure(
          "\(style) frame 200×60 n=100k, per scroll", "time per frame", large * 1e6,
          unit: "µs", baseline: ("the same at n=1k", small * 1e6), target: "≤ 2×"))
    }
  }

  static func measure(quick: Bool, into report: inout Report) {
    measureStyles(quick: quick, into: &report)
    let n = quick ? 100_000 : 1_000_000
    var state = browser(items: n)
    let time = frameTime(state, steps: 200, runs: quick ? 3 : 7)
    // From the middle of the feed, as the frames in memory: every row of the screen holds boxes.
    _ = state.update(.action(.scroll(state.maxTop / 2)))
    report.add(
      Figure(
        "draw a frame 200×60 n=\(n), per scroll", "time per frame", time * 1e6,
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
