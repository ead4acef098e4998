import WaterfallLayout

/// The bottom line: `<n> items`, `<c> cols`, the style's name, the item numbers in view, the scroll position in
/// percent, and the latest message. Scripts read these tokens, so they stay literal.
struct StatusLine {
  var theme: Theme

  /// The text of the status line, without the help hint.
  /// On a narrow terminal the fields are joined with one space instead of two, so the tokens
  /// still fit before the message is cut.
  static func text(
    itemCount: Int, columns: Int, style: LayoutStyle = .waterfall, range: ClosedRange<Int>?,
    percent: Int, message: String,
    width: Int = .max
  ) -> String {
    let shown = range.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "0-0"
    var fields = ["\(itemCount) items", "\(columns) cols", style.rawValue, shown, "\(percent)%"]
    if !message.isEmpty { fields.append(message) }
    let roomy = fields.joined(separator: "  ")
    return roomy.count + 2 <= width ? roomy : fields.joined(separator: " ")
  }

  func draw<C: Canvas>(_ text: String, row: Int, into canvas: inout C) {
    let width = canvas.size.columns
    guard row >= 0, width > 0 else { return }
    let style = theme.statusStyle
    canvas.fill(row: row, column: 0, width: width, height: 1, style: style)
    let hint = DisplayText("? help")
    let body = DisplayText(text, maximumWidth: max(0, width))
    let roomForHint = body.width + 2 + hint.width + 2 <= width
    canvas.write(
      body, row: row, column: 1, maxWidth: width - 2, style: style, ellipsis: theme.ellipsis)
    if roomForHint {
      canvas.write(
        hint, row: row, column: width - hint.width - 1, maxWidth: hint.width, style: style)
    }
  }
}
