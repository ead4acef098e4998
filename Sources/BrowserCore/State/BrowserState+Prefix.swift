/// Counts before keys (`25G`) and the `:` prompt (`:25` Enter): jumping to an item by number.
extension BrowserState {
  /// A digit: part of a count, shown in the status line. The count lasts
  /// `BrowserOptions.countTimeout` seconds from the last digit (as vim's `timeoutlen`); only
  /// when that time passes with no key after it do its digits set the column count (`3`, a
  /// pause: three columns), so a count never changes the layout on its way.
  mutating func typeDigit(_ digit: Int) -> [Effect] {
    if prefix.count == nil, digit == 0 { return [] }
    prefix.append(digit: digit)
    prefix.sequence = nil
    countSerial += 1
    guard options.countTimeout > 0 else { return [] }
    return [.alarm(.count(countSerial), afterSeconds: options.countTimeout)]
  }

  /// The count's time is up: its last digit sets the column count and the count is gone. A
  /// key sequence begun after it (`25g` of `25gg`) holds it until the sequence ends.
  mutating func countExpired(_ serial: Int) {
    guard serial == countSerial, prefix.count != nil, prefix.sequence == nil else { return }
    let digit = prefix.lastDigit
    prefix = InputPrefix()
    if digit > 0 { changeColumns(.exactly(digit)) }
  }

  /// A key that begins a longer sequence came (`g` of `gg`): shown after the count, and the
  /// count waits for the sequence's end.
  mutating func sequencePending(_ keys: String) {
    guard prefix.prompt == nil else { return }
    prefix.sequence = keys
  }

  /// Takes the count typed before this key, if any. A key that takes no count (`uses` false)
  /// shows the digits were not one: they set the column count, as when their time runs out.
  mutating func takeCount(uses: Bool) -> Int? {
    defer { prefix = InputPrefix() }
    guard let count = prefix.count else { return nil }
    if !uses, prefix.lastDigit > 0 { changeColumns(.exactly(prefix.lastDigit)) }
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
