import LayoutEngine

/// The bottom line: `<n> items`, `<k> new` (of the followed feeds, when some are), `<c> cols`
/// (in the column styles), the style's name, the item numbers in view, the
/// scroll position in percent, and the latest message. Scripts read these tokens, so they stay
/// literal; counts of one are singular (`1 item`, `1 col`).
struct StatusLine {
  var theme: Theme
  /// The hint at the right end, nil for none: `? help`, or the key that shows the help now.
  var hint: String? = "? help"

  /// The text of the status line, without the help hint. An empty feed has no range and no
  /// position.
  /// On a narrow terminal the fields are joined with one space instead of two, so the tokens
  /// still fit before the message is cut.
  static func text(
    itemCount: Int, of total: Int? = nil, newCount: Int = 0, columns: Int,
    style: LayoutStyle = .waterfall,
    range: (first: Int, last: Int)?, percent: Int, message: String, width: Int = .max
  ) -> String {
    // A search shows `<m> of <n> items`.
    let items = total.map { "\(itemCount) of \(counted($0, "item"))" } ?? counted(itemCount, "item")
    // The carousel and the ring have no columns: `3 cols` there named a setting they ignore.
    let hasColumns = style == .waterfall || style == .irregular
    // The followed feeds' items first seen on this visit: `2 new`.
    let new = newCount > 0 ? ["\(newCount) new"] : []
    var fields = [items] + new + (hasColumns ? [counted(columns, "col")] : []) + [style.rawValue]
    if itemCount > 0 {
      if let range { fields.append(rangeText(range, itemCount: itemCount)) }
      fields.append("\(percent)%")
    }
    if !message.isEmpty { fields.append(message) }
    let roomy = fields.joined(separator: "  ")
    return roomy.count + 2 <= width ? roomy : fields.joined(separator: " ")
  }

  /// `3-9`; an arc of the ring that passes the last item is the two runs it shows,
  /// `238-240,1-9`, and a run of one is its number.
  static func rangeText(_ range: (first: Int, last: Int), itemCount: Int) -> String {
    func run(_ a: Int, _ b: Int) -> String { a == b ? "\(a)" : "\(a)-\(b)" }
    if range.first <= range.last { return run(range.first, range.last) }
    return run(range.first, itemCount) + "," + run(1, range.last)
  }

  /// The first and last item number in view. On the ring, which wraps, the numbers in view are
  /// an arc that may pass from the last item to the first (`238-2`): it starts after the widest
  /// gap between numbers in view, going round. Elsewhere it is the lowest and the highest.
  static func shownRange(_ numbers: [Int], itemCount: Int, wraps: Bool) -> (first: Int, last: Int)?
  {
    guard let lowest = numbers.min(), let highest = numbers.max() else { return nil }
    guard wraps else { return (lowest, highest) }
    let sorted = numbers.sorted()
    // The gap from the highest round to the lowest, then each gap between neighbours.
    var widest = (gap: lowest + itemCount - highest, first: lowest, last: highest)
    for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > widest.gap {
      widest = (b - a, b, a)
    }
    return (widest.first, widest.last)
  }

  /// Draws the line; the hint (`? help`) keeps its place at the right end as long as the first
  /// `tokens` characters (the fields before the message) fit beside it, and a long message is
  /// cut before it (`m` shows the message in full).
  func draw<C: Canvas>(_ text: String, tokens: Int, row: Int, into canvas: inout C) {
    let width = canvas.size.columns
    guard row >= 0, width > 0 else { return }
    let style = theme.statusStyle
    canvas.fill(row: row, column: 0, width: width, height: 1, style: style)
    let hint = DisplayText(self.hint ?? "")
    let body = DisplayText(text, maximumWidth: max(0, width))
    let hinted = self.hint != nil && tokens + 2 + 1 + hint.width + 2 <= width
    let room = hinted ? width - hint.width - 4 : width - 2
    canvas.write(body, row: row, column: 1, maxWidth: room, style: style, ellipsis: theme.ellipsis)
    if hinted {
      canvas.write(
        hint, row: row, column: width - hint.width - 1, maxWidth: hint.width, style: style)
    }
  }
}
