/// Counts before keys (`25G`) and the `:` prompt (`:25` Enter): jumping to an item by number.
extension BrowserState {
  /// A digit: part of a count, and (1…9) the column count at once, as the digit keys always
  /// were. The count lasts `BrowserOptions.countTimeout` seconds from the last digit (as vim's
  /// `timeoutlen`): `3`, a pause, then `G` is three columns and then the bottom, not item 3.
  mutating func typeDigit(_ digit: Int) -> [Effect] {
    if prefix.count == nil {
      guard digit > 0 else { return [] }
      prefix.columnsBefore = .some(requestedColumns)
    }
    prefix.append(digit: digit)
    if digit > 0 { changeColumns(.exactly(digit)) }
    countSerial += 1
    guard options.countTimeout > 0 else { return [] }
    return [.alarm(.count(countSerial), afterSeconds: options.countTimeout)]
  }

  /// The count's time is up: it is dropped, and the column count its digits set stands.
  mutating func countExpired(_ serial: Int) {
    guard serial == countSerial, prefix.count != nil else { return }
    prefix = InputPrefix()
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
