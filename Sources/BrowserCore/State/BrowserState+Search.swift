import FeedModel

/// `/` to filter the feed, `n` and `N` to go from match to match, `Esc` to see everything again.
extension BrowserState {
  /// The longest query kept: longer typing is ignored.
  static let maximumQuery = 200

  /// Whether keys are going into the search prompt: the shell then sends them as `.typed`.
  public var isTypingSearch: Bool { searchPrompt != nil }

  /// How many items the feed has when a filter shows only some of them.
  public var unfilteredCount: Int? { filter?.allItems.count }

  /// `/`: opens the prompt, with the last query to edit.
  mutating func openSearch() {
    searchPrompt = ""
    message = ""
  }

  /// A key while the prompt is open: text, Backspace (or Ctrl-H), Ctrl-U, Ctrl-W, Enter to
  /// filter, Esc to close.
  mutating func typeInSearch(_ key: Key) -> [Effect] {
    guard var typed = searchPrompt else { return [] }
    switch key {
    case .character(let c):
      guard typed.count < Self.maximumQuery else { return [] }
      typed.append(c)
      searchPrompt = typed
    case .control("u"):
      // As in a shell's line editor: Ctrl-U clears the line, Ctrl-W takes back a word.
      searchPrompt = ""
    case .control("w"):
      while typed.last == " " { typed.removeLast() }
      while let last = typed.last, last != " " { typed.removeLast() }
      searchPrompt = typed
    case .backspace, .control("h"):
      if typed.isEmpty {
        searchPrompt = nil
      } else {
        typed.removeLast()
        searchPrompt = typed
      }
    case .enter:
      searchPrompt = nil
      if typed.isEmpty {
        clearFilter()
      } else {
        applyFilter(typed)
      }
    case .escape:
      searchPrompt = nil
    default:
      break
    }
    return []
  }

  /// Shows only the items that match `query`, laid out on their own, the first selected.
  mutating func applyFilter(_ query: String) {
    if filter != nil { clearFilter() }
    lastQuery = query
    let kept = items.filter { SearchFilter.matches($0, query) }
    guard !kept.isEmpty else {
      message = "no items match \(quoted(query))"
      failedSearchSerial = messages.serial
      return
    }
    narrow(to: kept, query: query)
    message = "\(counted(kept.count, "item")) match \(quoted(query)); Esc shows all"
  }

  /// Shows only `kept`, laid out on their own, the first selected; the whole feed waits in
  /// the filter for Esc.
  mutating func narrow(to kept: [FeedItem], query: String) {
    filter = SearchFilter(
      allItems: items, allPageStarts: pageStarts, allRemovals: removals, query: query)
    items = kept
    pageStarts = []
    removals = []
    selection = nil
    top = 0
    relayout(keepingPlace: false, itemsChanged: true)
    select(0)
  }

  /// Shows the whole feed again, keeping the selected item selected and in view.
  mutating func clearFilter() {
    guard let saved = filter else { return }
    let selected = selection.flatMap { $0 < items.count ? items[$0].identity : nil }
    if let feed = feedShown { feedPlaces[feed] = selected }
    feedShown = nil
    filter = nil
    items = saved.allItems
    pageStarts = saved.allPageStarts
    removals = saved.allRemovals
    selection = selected.flatMap { id in items.firstIndex { $0.identity == id } }
    relayout(keepingPlace: false, itemsChanged: true)
    if let s = selection { select(s) } else { top = 0 }
    message = "showing all \(counted(items.count, "item"))"
  }

  /// `n` / `N`: the next or previous item that matches the last query, wrapping at the ends.
  mutating func goToMatch(forward: Bool) {
    guard let query = lastQuery else {
      message = "nothing searched yet; / searches"
      return
    }
    guard !items.isEmpty else { return }
    let start = selection ?? (forward ? -1 : items.count)
    for step in 1...items.count {
      let i = ((start + (forward ? step : -step)) % items.count + items.count) % items.count
      if SearchFilter.matches(items[i], query) {
        select(i)
        message = "#\(i + 1) matches \(quoted(query))"
        return
      }
    }
    message = "no items match \(quoted(query))"
  }

  private func quoted(_ text: String) -> String { "“\(text)”" }
}
