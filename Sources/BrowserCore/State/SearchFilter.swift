import FeedModel

/// `/`: what the reader is typing, and the feed filtered to the items that match.
///
/// While a filter is on, the state shows only the matching items, laid out on their own; the
/// whole feed waits here, untouched, and comes back (with the selection kept) on `Esc`, or
/// before a load applies, so a refresh or a new page always lands on the whole feed.
struct SearchFilter: Sendable {
  /// The whole feed's items, page starts and removals while the filter shows a part of it.
  var allItems: [FeedItem]
  var allPageStarts: [Int]
  var allRemovals: [BrowserState.Removal]
  /// What was searched for.
  var query: String

  /// Takes `item`, removed from the filtered view, out of the whole feed as well, where `u`
  /// after Esc brings it back.
  mutating func remove(_ item: FeedItem) {
    guard let position = allItems.firstIndex(where: { $0.identity == item.identity }) else {
      return
    }
    let page = BrowserState.page(of: position, pageStarts: allPageStarts)
    allRemovals.append(
      BrowserState.Removal(item: allItems.remove(at: position), position: position, page: page))
    for k in page..<allPageStarts.count { allPageStarts[k] -= 1 }
  }

  /// Puts the last item removed in the filtered view back in the whole feed (`u` there).
  mutating func restoreLast() {
    guard let removal = allRemovals.popLast() else { return }
    let position = min(removal.position, allItems.count)
    allItems.insert(removal.item, at: position)
    for k in removal.page..<allPageStarts.count { allPageStarts[k] += 1 }
  }

  /// Whether `item`'s title, link, image URL, author or summary contains `query`, ignoring
  /// case: compared
  /// character by character, so CJK and emoji titles match as they read.
  static func matches(_ item: FeedItem, _ query: String) -> Bool {
    let needle = query.lowercased()
    guard !needle.isEmpty else { return true }
    for text in [item.title, item.link, item.imageURL, item.author, item.summary] {
      if let text, text.lowercased().contains(needle) { return true }
    }
    return false
  }
}
