import FeedModel

/// The feeds panel (`F`): the followed feeds with their new counts; the movement keys choose
/// one, Enter shows only its items (as a search does: Esc shows all feeds again).
extension BrowserState {
  /// Shows the feeds panel, the feed of the selected item chosen; or says why there is none.
  mutating func showFeeds() {
    guard !options.feeds.isEmpty else {
      message = "no feeds followed here: cascade alone opens those 'cascade add' follows"
      return
    }
    let current = selection.flatMap { $0 < items.count ? items[$0].feed : nil }
    panel = .feeds(options.feeds.firstIndex { $0.name == current } ?? 0)
  }

  /// What a key does in the feeds panel: moves the choice, or shows the chosen feed alone;
  /// nil for a key that closes the panel.
  mutating func handleInFeeds(_ action: Action, row: Int) -> [Effect]? {
    let last = options.feeds.count - 1
    switch action {
    case .scroll(let step), .wheel(let step):
      panel = .feeds(min(max(0, row + step.signum()), max(0, last)))
      return []
    case .select(.down), .select(.next):
      panel = .feeds(min(row + 1, max(0, last)))
      return []
    case .select(.up), .select(.previous):
      panel = .feeds(max(row - 1, 0))
      return []
    case .top:
      panel = .feeds(0)
      return []
    case .bottom:
      panel = .feeds(max(0, last))
      return []
    case .details where row <= last:
      panel = .none
      showFeed(options.feeds[row].name)
      return prefetchIfNeeded()
    default:
      return nil
    }
  }

  /// Shows only the items of the feed `name`, laid out on their own; Esc shows all again.
  mutating func showFeed(_ name: String) {
    if filter != nil { clearFilter() }
    let kept = items.filter { $0.feed == name }
    guard !kept.isEmpty else {
      message = "\(name) has no items here"
      return
    }
    narrow(to: kept, query: "")
    message = "\(name): \(counted(kept.count, "item")); Esc shows all feeds"
  }
}

extension BrowserState {
  /// Whether item `index` was first seen on this visit.
  public func isNew(item index: Int) -> Bool {
    guard !options.newItems.isEmpty, index >= 0, index < items.count else { return false }
    return options.newItems.contains(StableHash.of(item: items[index]))
  }

  /// How many items are new on this visit, of every followed feed.
  public var newCount: Int { options.feeds.reduce(0) { $0 + $1.newCount } }
}
