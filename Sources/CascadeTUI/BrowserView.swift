/// Draws a whole screen from a `BrowserState`: the visible boxes, pull banners, the status line
/// and any overlay.
///
/// Only the items the engine reports in the viewport are touched, so a frame costs the same for
/// a hundred items as for a million.
public struct BrowserView: Sendable {
  public var theme: Theme

  public init(theme: Theme) { self.theme = theme }

  public func draw<C: Canvas>(_ state: BrowserState, into canvas: inout C) {
    canvas.clear()
    let viewRows = min(state.viewRows, canvas.size.rows)
    let shift = state.pull.shift
    let clip = max(0, shift)..<max(max(0, shift), viewRows + min(0, shift))
    let renderer = BoxRenderer(theme: theme)
    var lowest = Int.max
    var highest = Int.min
    for i in state.visibleIndices() {
      guard let rect = state.cellRect(of: i), let label = state.label(at: i) else { continue }
      let selected = state.selection == i
      let screenRow = rect.row - state.top + shift
      let style = theme.boxStyle(identity: state.items[i].identity, selected: selected)
      renderer.draw(
        rect, screenRow: screenRow, label: label, style: style, selected: selected,
        clip: clip, into: &canvas)
      if screenRow < clip.upperBound, screenRow + rect.height > clip.lowerBound {
        lowest = min(lowest, i + 1)
        highest = max(highest, i + 1)
      }
    }
    drawBanner(state, viewRows: viewRows, into: &canvas)
    if state.items.isEmpty, viewRows > 0 {
      let empty = DisplayText(state.loading == nil ? "no items in this feed" : "loading…")
      let x = max(0, (canvas.size.columns - empty.width) / 2)
      canvas.write(
        empty, row: viewRows / 2, column: x, maxWidth: canvas.size.columns - x,
        ellipsis: theme.ellipsis)
    }

    let range: ClosedRange<Int>? = lowest <= highest ? lowest...highest : nil
    let status = StatusLine.text(
      itemCount: state.items.count, columns: state.columnCount, range: range,
      percent: state.percent, message: state.message, width: canvas.size.columns)
    StatusLine(theme: theme).draw(status, row: canvas.size.rows - 1, into: &canvas)

    let overlays = OverlayRenderer(theme: theme)
    switch state.overlay {
    case .none: break
    case .help: overlays.drawHelp(into: &canvas)
    case .details(let i):
      if let label = state.label(at: i) {
        overlays.drawDetails(
          item: state.items[i], label: label, count: state.items.count, into: &canvas)
      }
    }
  }

  private func drawBanner<C: Canvas>(_ state: BrowserState, viewRows: Int, into canvas: inout C) {
    let text: String
    let row: Int
    switch state.pull.phase {
    case .idle: return
    case .pullingDown(let rows):
      text = theme.pullDownText
      row = rows - 1
    case .refreshing:
      text = theme.refreshingText
      row = 0
    case .pullingUp(let rows):
      text = theme.pullUpText
      row = viewRows - rows
    case .loadingMore:
      text = theme.loadingMoreText
      row = viewRows - 1
    case .endOfFeed:
      text = "end of feed"
      row = viewRows - 1
    }
    guard row >= 0, row < viewRows else { return }
    let banner = DisplayText(text)
    let x = max(0, (canvas.size.columns - banner.width) / 2)
    canvas.write(
      banner, row: row, column: x, maxWidth: canvas.size.columns - x, style: theme.bannerStyle,
      ellipsis: theme.ellipsis)
  }
}
