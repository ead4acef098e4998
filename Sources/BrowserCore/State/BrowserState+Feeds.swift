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
    feedShown = name
    // Back where this feed was left.
    if let place = feedPlaces[name], let index = items.firstIndex(where: { $0.identity == place }) {
      select(index)
    }
    message = "\(name): \(counted(kept.count, "item")); Esc shows all feeds"
  }

  /// A click in the feeds panel: on a feed, shows it alone; elsewhere, closes the panel.
  mutating func clickInFeeds(_ click: MouseClick, chosen: Int) -> [Effect] {
    let placement = Self.feedsPanelPlacement(
      count: options.feeds.count, chosen: chosen, rows: screen.rows)
    let index = placement.feeds.lowerBound + click.row - placement.row
    guard placement.feeds.contains(index) else { return closePanel() }
    panel = .none
    showFeed(options.feeds[index].name)
    return prefetchIfNeeded()
  }

  /// Where the feeds panel (`PanelRenderer.drawFeeds`) shows its feeds on a screen `rows`
  /// tall, the feed `chosen` in view: the screen row of the first one shown, and which show.
  /// The panel is centred over the boxes, its feeds from its second row; one too long for the
  /// screen shows a window around the chosen feed, its last row saying which (`drawPanel`).
  static func feedsPanelPlacement(count: Int, chosen: Int, rows: Int) -> (
    row: Int, feeds: Range<Int>, first: Int
  ) {
    let first = max(0, chosen - feedsPanelRoom(rows: rows) / 2)
    // The hint and the blank line above it, when they fit.
    let lines = count + (count + 2 + 2 <= rows - 1 ? 2 : 0)
    let height = min(max(0, rows - 1), lines + 2)
    let row = max(0, (rows - 1 - height) / 2) + 1
    let room = height - 2
    guard lines > room, room > 0 else { return (row, 0..<count, first) }
    let shown = max(1, room - 1)
    let start = min(max(0, first), max(0, lines - shown))
    return (row, start..<min(count, start + shown), first)
  }

  /// The feeds a screen `rows` tall shows at once.
  static func feedsPanelRoom(rows: Int) -> Int { max(1, rows - 1 - 2 - 2) }
}

extension BrowserState {
  /// Whether item `index` was first seen on this visit: new since the last one, or brought
  /// by a refresh since this one began.
  public func isNew(item index: Int) -> Bool {
    guard !options.newItems.isEmpty || !arrived.isEmpty, index >= 0, index < items.count else {
      return false
    }
    let hash = StableHash.of(item: items[index])
    return options.newItems.contains(hash) || arrived.contains(hash)
  }

  /// How many items are new on this visit, of every followed feed.
  public var newCount: Int { options.feeds.reduce(arrived.count) { $0 + $1.newCount } }

  /// The followed feeds as the panel lists them: their new counts with what refreshes
  /// brought.
  public var feedSummaries: [FeedSummary] {
    guard !arrivals.isEmpty else { return options.feeds }
    return options.feeds.map { feed in
      var feed = feed
      feed.newCount += arrivals[feed.name]?.count ?? 0
      return feed
    }
  }

  /// Notes `loaded` as shown on this visit, of the followed feeds; those `arriving` by a
  /// refresh or a next page and not shown before are new.
  mutating func noteVisit(_ loaded: [FeedItem], arriving: Bool) {
    guard !options.feeds.isEmpty else { return }
    for item in loaded {
      let hash = StableHash.of(item: item)
      guard visitItems.insert(hash).inserted, arriving, !options.newItems.contains(hash) else {
        continue
      }
      // Of a feed still loading at the opening: new only when not seen on an earlier visit.
      if let seen = options.lateFeeds[item.feed ?? ""], !seen.isNew(hash) { continue }
      arrived.insert(hash)
      arrivals[item.feed ?? "", default: []].append(hash)
    }
  }
}
