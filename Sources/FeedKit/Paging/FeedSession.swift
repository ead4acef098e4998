import FeedModel

/// A feed being browsed: the items loaded so far and where the next page comes from.
///
/// Pages follow these rules: a top-level `next` link (absolute, or relative to the page
/// it came from); else, for a `{page}` template, pages 1, 2, 3, … until an empty page, a 404, or a
/// page without new items; else the feed has one page. Items whose `identity` is already present
/// are not added twice. A `next` chain ends at a page it visited, at a page whose items were
/// all loaded already (a server whose `next` links lead to new URLs of the same items), and
/// after `emptyPageLimit` empty pages in a row, each saying why (`.ended`); after a page that
/// added fewer items than it repeated, the next waits (`LoadOptions.pageBackoff`).
///
/// Loads are cancellable and never race: `refresh()` cancels whatever is running and a
/// generation counter makes the older load answer `.superseded` without touching the state, so
/// a stale result never overwrites a newer one. `loadMore()` while a load runs answers
/// `.superseded` at once: the running load's own update is the one to apply. A failed load
/// changes nothing, so the user can try again.
public actor FeedSession {
  /// Where `loadMore()` goes next.
  private enum Cursor {
    /// Nothing loaded yet: loading more loads page 1.
    case start
    /// The page a `next` link named.
    case link(FeedSource)
    /// Page `n` of the template.
    case templatePage(Int)
    /// The `next` link could not be followed; loading more reports why.
    case brokenLink(FeedError)
    /// No further page.
    case end
  }

  public let source: FeedSource
  private let loader: FeedLoader
  /// What the back-off between pages waits with (`SessionClock`).
  private let clock: SessionClock
  /// The items loaded so far, as far as telling duplicates goes.
  private var loaded = LoadedItems()
  /// The feed's own name, from page 1's top-level `title`.
  public private(set) var title: String?
  /// Pages loaded since the last refresh, so a `next` chain that comes back ends the feed.
  private var visitedPages: Set<FeedSource> = []
  private var cursor = Cursor.start
  private var generation = 0
  private var running: Task<Result<FeedLoader.Page, FeedError>, Never>?
  /// The running load's page while it is shown as it is decoded.
  private var streaming: StreamedLoad?
  /// Pages in a row that added fewer items than they repeated; the next waits for
  /// `notBefore`.
  private var unproductivePages = 0
  private var notBefore: ContinuousClock.Instant?
  /// Pages in a row, followed by `next` links, that held no item at all.
  private var emptyPages = 0

  /// Empty pages in a row after which a `next` chain is no longer followed: a feed may have a
  /// page with nothing to show (every post without a picture), hardly several.
  public static let emptyPageLimit = 3

  /// - Parameter clock: what the back-off between pages reads and waits with; tests hand in
  ///   their own, which does not sleep.
  public init(
    source: FeedSource, options: LoadOptions = LoadOptions(), clock: SessionClock = .continuous
  ) {
    self.source = source
    loader = FeedLoader(options: options)
    self.clock = clock
  }

  /// How many items are loaded (after duplicates were dropped).
  public var itemCount: Int { loaded.count }

  /// The identities of the items loaded, in order (`FeedItem.identity`).
  public var loadedIdentities: [String] { loaded.identityStrings }

  /// False once the feed has ended, and for a single-page feed after its page loaded.
  public var hasMorePages: Bool {
    if case .end = cursor { return false }
    return true
  }

  /// Loads page 1 again and replaces the items; cancels and supersedes any running load.
  public func refresh() async -> FeedUpdate {
    await refresh(partial: nil)
  }

  /// `refresh()`, showing a large first page while it is decoded: when nothing is loaded yet,
  /// `partial` is given the page's new items a read's worth at a time (a classic page's, from a
  /// file, the standard input or http(s)), and the update returned then holds the items
  /// after those (`.appended`), or all of them (`.replaced`) when none were given. A refresh
  /// of a feed already loaded does not stream: what is shown stays until the new page is
  /// whole. Items given stay loaded if the page then fails: they were shown.
  public func refresh(partial: (@Sendable ([FeedItem]) -> Void)?) async -> FeedUpdate {
    await refresh(partial: partial, using: loader)
  }

  /// Of several feeds read with a `LoadOptions.memory`: reads again only the feed whose items
  /// say they came from `name`, the others kept as last read; otherwise (one feed, a name the
  /// memory does not know) the whole refresh.
  public func refresh(feed name: String) async -> FeedUpdate {
    guard case .several = source, let memory = loader.options.memory else { return await refresh() }
    let only = memory.parts(named: name)
    guard !only.isEmpty else { return await refresh() }
    var narrowed = loader
    narrowed.options.refreshOnly = only
    return await refresh(partial: nil, using: narrowed)
  }

  /// Of several feeds read with a `LoadOptions.patience`: waits for the feeds whose reads
  /// outlasted it (`FeedOutcome.isLoading`) and adds what they gave, the others kept as they
  /// are; `.superseded` when none is still being read.
  public func readLate() async -> FeedUpdate {
    guard case .several = source, let memory = loader.options.memory else { return .superseded }
    let late = memory.lateFeeds
    guard !late.isEmpty else { return .superseded }
    var narrowed = loader
    narrowed.options.refreshOnly = late
    return await refresh(partial: nil, using: narrowed)
  }

  private func refresh(
    partial: (@Sendable ([FeedItem]) -> Void)?, using loader: FeedLoader
  ) async -> FeedUpdate {
    // Standard input was read to its end: reading it again would find nothing (and decode
    // that as malformed), and of several feeds lose its items.
    if source.readsStandardInput, !visitedPages.isEmpty {
      return .failed(.cannotReadAgain(source: source.displayName))
    }
    let first: FeedSource
    do {
      first = try source.page(1)
    } catch {
      return .failed(error)
    }
    let streaming = loaded.count == 0 ? partial : nil
    let (mine, result, handedOut, duplicates) = await run(
      first, partial: streaming, using: loader)
    guard mine == generation else { return .superseded }
    switch result {
    case .failure(let error):
      return .failed(error)
    case .success(let page):
      if handedOut == 0 { loaded = LoadedItems() }
      visitedPages = [page.location]
      (unproductivePages, notBefore, emptyPages) = (0, nil, 0)
      title = page.document.title
      var skipped = page.document.skipped
      skipped.add(duplicates)
      let fresh = loaded.keepNew(page.document.items, skipped: &skipped)
      cursor = cursorAfter(page, number: 1, newItems: loaded.count)
      guard handedOut == 0 else {
        return .appended(fresh, skipped: skipped, hasMore: hasMorePages)
      }
      return .replaced(fresh, skipped: skipped, hasMore: hasMorePages)
    }
  }

  /// Loads the next page and appends its new items.
  public func loadMore() async -> FeedUpdate {
    guard running == nil else { return .superseded }
    let target: FeedSource
    let number: Int
    switch cursor {
    case .start: (target, number) = (source, 1)
    case .link(let next): (target, number) = (next, 0)
    case .templatePage(let page): (target, number) = (source, page)
    case .brokenLink(let error): return .failed(error)
    case .end: return .endOfFeed
    }
    guard visitedPages.count < loader.options.maxPages else {
      return .failed(
        .limitExceeded(
          source: source.displayName, limit: .pageCount(loader.options.maxPages), location: nil))
    }
    let pageSource: FeedSource
    do {
      pageSource = try target.page(max(number, 1))
    } catch {
      return .failed(error)
    }
    if let notBefore, notBefore > clock.now() {
      let waiting = generation
      await clock.sleep(notBefore)
      guard waiting == generation, running == nil, !Task.isCancelled else { return .superseded }
    }
    var pager = loader
    pager.options.keepsPage = false
    let (mine, result, _, _) = await run(pageSource, partial: nil, using: pager)
    guard mine == generation else { return .superseded }
    switch result {
    case .failure(.httpStatus(_, 404)) where source.isTemplate:
      cursor = .end
      return .endOfFeed
    case .failure(let error):
      return .failed(error)
    case .success(let page):
      if number == 1 { title = page.document.title }
      visitedPages.insert(page.location)
      var skipped = page.document.skipped
      let fresh = loaded.keepNew(page.document.items, skipped: &skipped)
      cursor = cursorAfter(page, number: number, newItems: fresh.count)
      let repeated = page.document.items.count - fresh.count
      backOff(after: fresh.count, repeated: repeated)
      if source.isTemplate, fresh.isEmpty { return .endOfFeed }
      if let reason = endOfChain(fresh: fresh.count, repeated: repeated) {
        cursor = .end
        return .ended(because: reason)
      }
      return .appended(fresh, skipped: skipped, hasMore: hasMorePages)
    }
  }

  /// Stops the running load, if any; its caller gets `.superseded`, and a page being handed out
  /// while it is decoded hands out no more (what it gave is not kept).
  public func cancel() {
    generation += 1
    streaming?.supersede()
    streaming = nil
    running?.cancel()
    running = nil
  }

  /// Starts loading `page` as the newest load, cancelling the previous one, and waits for it;
  /// with `partial`, hands it the page's new items as they are decoded (`StreamedLoad`), and
  /// records them as loaded. Returns the generation it ran as (when that is no longer
  /// `generation`, it lost), how many items `partial` was given, and the repeats it dropped.
  private func run(
    _ page: FeedSource, partial: (@Sendable ([FeedItem]) -> Void)?, using loader: FeedLoader
  ) async -> (Int, Result<FeedLoader.Page, FeedError>, handedOut: Int, duplicates: SkipReport) {
    cancel()
    let mine = generation
    let progress = loader.options.progress
    let stream = partial.map { StreamedLoad(partial: $0, progress: progress) }
    streaming = stream
    var take: (@Sendable ([FeedItem]) -> Void)?
    if let stream { take = { stream.take($0) } }
    let task = Task { () -> Result<FeedLoader.Page, FeedError> in
      do throws(FeedError) {
        return .success(try await loader.loadPage(page, takeItems: take))
      } catch {
        return .failure(error)
      }
    }
    running = task
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    guard mine == generation else { return (mine, result, 0, SkipReport()) }
    running = nil
    streaming = nil
    // The items handed out are on the reader's screen: loaded, whatever the end.
    if let stream, stream.loaded.count > 0 { loaded = stream.loaded }
    return (mine, result, stream?.loaded.count ?? 0, stream?.duplicates ?? SkipReport())
  }

  /// Counts a page that added fewer items than it repeated, and sets when the next may load.
  private func backOff(after fresh: Int, repeated: Int) {
    guard fresh == 0 || fresh < repeated else {
      (unproductivePages, notBefore) = (0, nil)
      return
    }
    unproductivePages += 1
    notBefore = clock.now() + loader.options.pageBackoff * (1 << min(unproductivePages - 1, 4))
  }

  /// Why a `next` chain is no longer followed after a page that added `fresh` items and
  /// repeated `repeated`; nil to go on.
  private func endOfChain(fresh: Int, repeated: Int) -> String? {
    guard fresh == 0, case .link = cursor else {
      emptyPages = 0
      return nil
    }
    if repeated > 0 {
      return
        "the next page held only items already loaded (\(repeated)), so its next link is not "
        + "followed"
    }
    emptyPages += 1
    guard emptyPages >= Self.emptyPageLimit else { return nil }
    return "\(emptyPages) pages in a row held no items, so the next link is not followed"
  }

  private func cursorAfter(_ page: FeedLoader.Page, number: Int, newItems: Int) -> Cursor {
    if source.isTemplate {
      return newItems == 0 ? .end : .templatePage(max(number, 1) + 1)
    }
    guard let next = page.document.next else { return .end }
    do {
      let target = try page.location.resolving(next: next)
      return visitedPages.contains(target) ? .end : .link(target)
    } catch {
      return .brokenLink(error)
    }
  }
}
