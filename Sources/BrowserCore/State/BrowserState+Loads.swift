import FeedModel
import LayoutEngine

/// Refresh and load-more: asking for pages, applying what comes back, prefetching near the end.
extension BrowserState {
  /// Starts a load unless one of that kind runs; a refresh overtakes a running load-more.
  /// A refresh that names `feed` reads that followed feed alone again.
  /// A refresh the reader asks for overtakes the wait for feeds still loading (`late`): a
  /// server that drips its page for minutes does not hold `r` up.
  mutating func startLoad(_ kind: LoadKind, feed: String? = nil, late: Bool = false) -> [Effect] {
    if let running = loading, running.kind == kind || running.kind == .refresh,
      !(running.late && kind == .refresh && !late)
    {
      return []
    }
    generation += 1
    let request = LoadRequest(kind: kind, generation: generation, feed: feed, late: late)
    loading = request
    message =
      late
      ? "loading the feeds still loading…"
      : kind == .more ? "loading more…" : feed.map { "refreshing \($0)…" } ?? "refreshing…"
    return [.load(request)]
  }

  /// Applies the result of a load; results of stale requests are dropped. `title` is the feed's
  /// own name as the load left it, if known.
  mutating func apply(_ result: FeedUpdate, to request: LoadRequest, title: String? = nil)
    -> [Effect]
  {
    guard loading == request else { return [] }
    if case .partial(let newItems) = result {
      // More of the page being decoded: shown at once, and the load goes on.
      extendPage(with: newItems)
      return []
    }
    // The newest request itself superseded means the session already had that load running and
    // nothing more will come for it.
    loading = nil
    loadProgress = nil
    pull.loadEnded()
    let streamed = streamedPage != nil
    streamedPage = nil
    switch result {
    case .partial: break
    case .appended(let newItems, let skipped, let hasMore) where streamed:
      // The end of a page shown while it was decoded.
      extendPage(with: newItems)
      feedTitle = title ?? feedTitle
      hasMorePages = hasMore
      prefetchHold = .none
      message =
        "loaded \(counted(unfilteredCount ?? items.count, "item"))"
        + (skipped.message.map { "; \($0)" } ?? "")
    case .replaced(let newItems, let skipped, let hasMore):
      noteVisit(newItems, arriving: true)
      noteRead(skipped.feeds)
      let place = anchor().map { (identity: items[$0.index].identity, screenRow: $0.screenRow) }
      feedTitle = title
      replaceItems(newItems)
      hasMorePages = hasMore
      // Page 1 as it now is, where the reader was if that item is still there, else from the
      // top; the next page waits until the reader moves, so `refreshed` stays readable.
      top = 0
      if let place, let kept = items.firstIndex(where: { $0.identity == place.identity }) {
        restore((kept, place.screenRow))
      }
      prefetchHold = .untilMoved
      message =
        (request.late ? "every feed loaded: " : "refreshed: ")
        + counted(newItems.count, "item") + (skipped.message.map { "; \($0)" } ?? "")
      if let effects = waitForLateFeeds(
        of: skipped, after: "refreshed: \(counted(newItems.count, "item"))")
      {
        keepSelectionInView()
        return effects
      }
    case .appended(let newItems, let skipped, let hasMore):
      // The end the reader went to is no longer the end: the view stays where it is.
      pinnedToBottom = false
      noteVisit(newItems, arriving: true)
      appendItems(newItems)
      hasMorePages = hasMore
      prefetchHold = .none
      message =
        "loaded \(counted(newItems.count, "more item"))"
        + (skipped.message.map { "; \($0)" } ?? "")
    case .endOfFeed:
      hasMorePages = false
      message = "end of feed"
    case .ended(let reason):
      hasMorePages = false
      message = "end of feed: \(reason)"
    case .failed(let error):
      // Kept on screen, and not retried on its own: see `PrefetchHold`.
      prefetchHold = .untilAsked
      message = "error: " + error.message(naming: options.settingNames)
      if streamed {
        message +=
          "; the \(counted(unfilteredCount ?? items.count, "item")) before it are shown"
      }
    case .superseded:
      break
    }
    keepSelectionInView()
    return prefetchIfNeeded()
  }

  /// Shows the feed as it was loaded before the browser started; may ask for the next page.
  /// A `.partial` update is the first part of page 1 while the rest is decoded: the state
  /// then waits for that load (`loading`), as if it had asked for a refresh.
  mutating func start(with update: FeedUpdate, title: String?) -> [Effect] {
    switch update {
    case .partial(let items):
      start(with: items, skipped: SkipReport(), hasMore: true, title: title)
      generation += 1
      loading = LoadRequest(kind: .refresh, generation: generation)
      streamedPage = StreamedPage()
      message = "loading…"
      return []
    case .replaced(let items, let skipped, let hasMore),
      .appended(let items, let skipped, let hasMore):
      return start(with: items, skipped: skipped, hasMore: hasMore, title: title)
    case .failed(let error):
      let effects = start(with: [], skipped: SkipReport(), hasMore: false, title: title)
      message = "error: " + error.message(naming: options.settingNames)
      return effects
    case .endOfFeed, .ended, .superseded:
      return start(with: [], skipped: SkipReport(), hasMore: false, title: title)
    }
  }

  @discardableResult
  mutating func start(
    with items: [FeedItem], skipped: SkipReport, hasMore: Bool, title: String? = nil
  ) -> [Effect] {
    feedTitle = title
    noteVisit(items, arriving: false)
    replaceItems(items)
    hasMorePages = hasMore
    message = "loaded \(counted(items.count, "item"))" + (skipped.message.map { "; \($0)" } ?? "")
    return waitForLateFeeds(of: skipped, after: "loaded \(counted(items.count, "item"))")
      ?? prefetchIfNeeded()
  }

  /// Feeds of a load that outlasted its patience (`FeedOutcome.isLoading`), at the opening or
  /// in a refresh: their reads go on, and the load that waits for them starts now, what they
  /// give added as it comes. The message says `said` and how many are still loading; nil
  /// when none is.
  mutating func waitForLateFeeds(of skipped: SkipReport, after said: String) -> [Effect]? {
    let stillLoading = skipped.feeds.filter(\.isLoading).count
    guard stillLoading > 0 else { return nil }
    let effects = startLoad(.refresh, late: true)
    message = "\(said); \(counted(stillLoading, "feed")) still loading…"
    return effects
  }

  /// When the view is within one screen of the end of a feed with more pages (or, in the
  /// carousel and the ring, within a dozen items of it), ask for the next page before the
  /// reader gets there.
  mutating func prefetchIfNeeded() -> [Effect] {
    guard hasMorePages, loading == nil, !items.isEmpty, prefetchHold == .none else { return [] }
    let nearEnd =
      arrangement.scrollsVertically
      ? top + 2 * viewRows >= contentRows
      : (selection ?? 0) + RingArrangement.maximumShown >= items.count
    return nearEnd ? startLoad(.more) : []
  }

  /// A refresh: the new items replace everything, and removals are forgotten.
  mutating func replaceItems(_ newItems: [FeedItem]) {
    let selected = selection.flatMap { $0 < items.count ? items[$0].identity : nil }
    items = newItems
    pageStarts = []
    removals = []
    selection = selected.flatMap { id in items.firstIndex { $0.identity == id } }
    arrangement.layOut(styleFeed, in: context, itemsChanged: true)
    syncFocus()
    if case .details = panel { panel = .none }
    clampTop()
  }

  /// Makes room, once, for as many items as the page being decoded will hold, from its items
  /// so far and its share of the bytes: a million items that come in parts would otherwise
  /// grow the items and the layout's arrays step by step, each growth a copy and the old space
  /// left with the allocator.
  mutating func reserveForStreamedPage(_ snapshot: LoadProgress.Snapshot) {
    guard streamedPage?.hasRoom == false, let count = snapshot.estimatedTotalItems else { return }
    streamedPage?.hasRoom = true
    guard count > items.count else { return }
    items.reserveCapacity(count)
    arrangement.reserve(items: count)
  }

  /// More items of the page being read (a page decoded while it is shown): no page row
  /// before them. While a filter is on, they join the whole feed kept aside, and those that
  /// match are shown.
  mutating func extendPage(with newItems: [FeedItem]) {
    guard let query = filter?.query else {
      appendItems(newItems, newPage: false)
      return
    }
    filter?.allItems += newItems
    appendItems(newItems.filter { SearchFilter.matches($0, query) }, newPage: false)
  }

  mutating func appendItems(_ newItems: [FeedItem], newPage: Bool = true) {
    guard newPage || !newItems.isEmpty else { return }
    let firstNew = items.count
    if newPage { pageStarts.append(firstNew) }
    items += newItems
    if firstNew == 0 {
      // Nothing was shown, so there was no header either: lay out from the start.
      arrangement.layOut(styleFeed, in: context, itemsChanged: true)
    } else {
      let rows: [FullWidthRow] =
        newPage && options.separators && !newItems.isEmpty ? [.page(pageStarts.count + 1)] : []
      arrangement.append(styleFeed, firstNew: firstNew, rows: rows, in: context)
    }
    syncFocus()
  }

}

/// A page shown while it is decoded.
struct StreamedPage {
  /// Whether room was made for all of it (`reserveForStreamedPage`), which happens once.
  var hasRoom = false
}
