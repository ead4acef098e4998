import FeedKit

/// Counts before keys (`25G`) and the `:` prompt (`:25` Enter): jumping to an item by number.
extension BrowserState {
  /// A digit: part of a count, and (1…9) the column count at once, as the digit keys always
  /// were.
  mutating func typeDigit(_ digit: Int) {
    if prefix.count == nil {
      guard digit > 0 else { return }
      prefix.columnsBefore = .some(requestedColumns)
    }
    prefix.append(digit: digit)
    if digit > 0 { changeColumns(.exactly(digit)) }
  }

  /// Takes the count typed before this key, if any. A key that uses it (`uses`) gives the
  /// column count back to what it was before the count's digits.
  mutating func takeCount(uses: Bool) -> Int? {
    defer { prefix = InputPrefix() }
    guard let count = prefix.count else { return nil }
    if uses, let before = prefix.columnsBefore, before != requestedColumns {
      requestedColumns = before
      relayout(keepingPlace: true)
    }
    return count
  }

  /// Keys while the `:` prompt is open: digits, Backspace, Enter to jump, anything else closes.
  mutating func handleInPrompt(_ action: Action) {
    switch action {
    case .digit(let d):
      if (prefix.prompt ?? "").count < 9 { prefix.prompt = (prefix.prompt ?? "") + "\(d)" }
    case .deleteBack:
      if prefix.prompt?.isEmpty == true {
        prefix.prompt = nil
      } else {
        prefix.prompt?.removeLast()
      }
    case .details:
      let typed = prefix.prompt.flatMap { Int($0) }
      prefix.prompt = nil
      if let typed { jump(to: typed) }
    default:
      prefix.prompt = nil
    }
  }

  /// Selects item number `number` (1-based, as the boxes show) and scrolls it to the top of
  /// the view; a number past the end goes to the last item and says so.
  mutating func jump(to number: Int) {
    guard !items.isEmpty else {
      message = "no items to go to"
      return
    }
    let target = max(1, min(number, items.count))
    pull.letGo()
    select(target - 1)
    if arrangement.scrollsVertically, let rect = cellRect(of: target - 1) {
      top = rect.row - 1
      clampTop()
    }
    message =
      number > items.count
      ? "#\(target): there \(items.count == 1 ? "is" : "are") only \(counted(items.count, "item"))"
        + (hasMorePages ? " so far" : "")
      : "#\(target)"
  }
}
