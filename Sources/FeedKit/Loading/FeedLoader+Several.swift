import FeedModel
import FoundationEssentials
import Locking

/// Several FEEDs read as one (`cascade a.json https://example.com/feed photos/*.jpg`).
///
/// A picture file is a feed of one item, read from its header alone, and all of them in one
/// pass on one thread, as a folder's are: a shell glob of thousands of pictures opens about
/// as fast as their folder does. The other feeds are read a first page each, a few at once.
/// A feed that cannot be read is named in the skip report and the others are kept; only when
/// none can be read is the load an error.
///
/// With a `LoadOptions.memory`, each feed is remembered as read: a refresh that names some
/// (`LoadOptions.refreshOnly`) reads only those and keeps the others as they were, and a feed
/// that cannot be read again keeps its items, its error said beside them. A feed that cannot
/// be read on a run's first load shows the items of its page as an earlier run kept it on
/// disk (`StoredPage`), if it did: offline, the feeds followed open as last read.
extension FeedLoader {
  /// Feeds read at the same time: a glob of feed files waits on the disk, URLs on servers.
  /// Each server is asked at most six things at once by the transport itself
  /// (`ServerQueue`), so this bounds only the feeds read (and their pages held) at once: a
  /// person's three hundred feeds from three hundred servers were read six at a time, fifty
  /// round trips one after another, where sixteen at once take a few.
  static let severalAtOnce = 16

  /// One feed's part of the whole: its items, or why it could not be read.
  enum Part: Sendable {
    case items([FeedItem], skipped: SkipReport)
    case failed(FeedError)
    /// Could not be read again: the items last read, and why.
    case stale([FeedItem], skipped: SkipReport, FeedError)
    /// Not read this time (`LoadOptions.refreshOnly`): the items last read.
    case kept([FeedItem], skipped: SkipReport)
    /// Still being read past the load's patience: its page as the last visit kept it, if any.
    case loading([FeedItem], skipped: SkipReport, FeedError)
  }

  /// The items of every source of `parts`, in the order given, each naming its feed and with
  /// its picture's address made absolute against that feed.
  func loadSeveral(_ parts: [FeedSource]) async throws(FeedError) -> FeedDocument {
    let pictures = try await runOffThread { () throws(FeedError) -> [Part?] in
      parts.map { part -> Part? in
        guard case .file(let path) = part else { return nil }
        do throws(FeedError) {
          let item = try PictureFileFeed.item(at: path)
          return item.map { .items([$0], skipped: SkipReport()) }
        } catch {
          return .failed(error)
        }
      }
    }
    var results: [Part?] = pictures
    if let memory = options.memory, let only = options.refreshOnly {
      for (index, source) in parts.enumerated() where results[index] == nil {
        guard !only.contains(source), let kept = memory.part(source) else { continue }
        results[index] = .kept(kept.items, skipped: kept.skipped)
      }
    }
    var waiting = parts.indices.filter { results[$0] == nil }[...]
    var quiet = self
    // One progress for the whole, not one begun and ended by each feed at once.
    quiet.options.progress = nil
    let loader = quiet
    await withTaskGroup(of: (Int, Part).self) { group in
      var running = 0
      while running > 0 || !waiting.isEmpty {
        while running < Self.severalAtOnce, let index = waiting.popFirst() {
          let source = parts[index]
          group.addTask { (index, await loader.patientPart(source)) }
          running += 1
        }
        guard let (index, part) = await group.next() else { break }
        results[index] = part
        running -= 1
      }
    }
    var document = FeedDocument(items: [])
    var firstError: FeedError?
    for (index, result) in results.enumerated() {
      let source = parts[index].displayName
      switch result {
      case .items(let items, let skipped)?, .kept(let items, let skipped)?:
        guard document.items.count + items.count <= options.maxItems else {
          throw .limitExceeded(
            source: FeedSource.several(parts).displayName,
            limit: .itemCount(options.maxItems), location: nil)
        }
        document.items += items
        document.skipped.add(skipped)
        document.skipped.feeds.append(
          FeedOutcome(
            source: source, name: items.first?.feed ?? feedName(parts[index], title: nil),
            items: items.map(StableHash.of(item:))))
        if case .kept? = result {
          document.skipped.feeds[document.skipped.feeds.count - 1].wasRead = false
        }
      case .failed(let error)?:
        firstError = firstError ?? error
        let message = error.message(naming: options.settingNames)
        document.skipped.failedFeeds.append(message)
        document.skipped.feeds.append(
          FeedOutcome(source: source, name: feedName(parts[index], title: nil), error: message))
        document.skipped.feeds[document.skipped.feeds.count - 1].retryAt = error.retryAt
      case .loading(let items, let skipped, let error)?, .stale(let items, let skipped, let error)?:
        let message = error.message(naming: options.settingNames)
        document.items += items
        document.skipped.add(skipped)
        var outcome = FeedOutcome(
          source: source, name: items.first?.feed ?? feedName(parts[index], title: nil),
          items: items.map(StableHash.of(item:)), error: message)
        if case .loading? = result {
          // Not read yet, not failed: its read goes on.
          outcome.wasRead = false
          outcome.isLoading = true
        } else {
          document.skipped.failedFeeds.append(message)
          outcome.retryAt = error.retryAt
        }
        document.skipped.feeds.append(outcome)
      case nil:
        document.skipped.failedFeeds.append("\(source): not read")
        document.skipped.feeds.append(
          FeedOutcome(source: source, name: feedName(parts[index], title: nil), error: "not read"))
      }
    }
    if options.newestFirst { document.items = Self.newestFirst(document.items) }
    if document.items.isEmpty, let firstError, !options.keepsAllFailures,
      document.skipped.failedFeeds.count == parts.count
    {
      throw firstError
    }
    return document
  }

  /// `part(source)`, within the load's patience (`LoadOptions.patience`) when the feed was not
  /// read yet on this run; a read that outlasted an earlier load's patience is waited for
  /// here, not asked again.
  private func patientPart(_ source: FeedSource) async -> Part {
    guard let memory = options.memory else { return await part(source) }
    if let late = memory.takeLate(source) { return await late.value }
    guard let patience = options.patience, memory.part(source) == nil else {
      return await part(source)
    }
    let loader = self
    let read = Task { await loader.part(source) }
    // Whichever comes first: the read, or the end of the patience.
    let settled = Locked(false)
    let first: Part? = await withCheckedContinuation { continuation in
      let settle: @Sendable (Part?) -> Void = { part in
        let isFirst = settled.withLock { settled in
          defer { settled = true }
          return !settled
        }
        if isFirst { continuation.resume(returning: part) }
      }
      let sleeper = Task {
        try? await Task.sleep(for: .seconds(patience))
        settle(nil)
      }
      Task {
        settle(await read.value)
        sleeper.cancel()
      }
    }
    if let first { return first }
    memory.keepLate(read, for: source)
    let waited = FeedError.network(
      url: source.displayName,
      detail: "still loading (no answer within \(Self.secondsText(patience)) s); its items are "
        + "added when they come")
    let copy = storedPart(source)
    return .loading(copy?.items ?? [], skipped: copy?.skipped ?? SkipReport(), waited)
  }

  /// `source`'s items as the last visit kept its page on disk, named after it as a read names
  /// them; nil for a feed not over http(s), or with no copy that decodes.
  private func storedPart(_ source: FeedSource) -> FeedMemory.KeptPart? {
    guard case .url(let address) = source,
      let page = NetworkReader.storedPage(at: address, options: options)
    else { return nil }
    var skipped = page.document.skipped
    let name = feedName(source, title: page.document.title)
    let items = Self.naming(page.document.items, feed: name, from: source, skipped: &skipped)
    return FeedMemory.KeptPart(name: name, items: items, skipped: skipped)
  }

  /// `seconds` in a few characters: `5`, `2.5`.
  private static func secondsText(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }

  /// The first page of one feed of several, its items named after it and their pictures'
  /// addresses made absolute.
  private func part(_ source: FeedSource) async -> Part {
    var loader = self
    // A copy on disk is shown below as the feed's stale part, its error in its outcome.
    loader.options.readsStoredOnFailure = false
    // `--header` goes to each feed's own server, as it does to one feed's.
    switch source {
    case .url(let address), .template(let address): loader.options.headersFeed = address
    default: loader.options.headersFeed = nil
    }
    do {
      let document = try await loader.loadPage(source).document
      var skipped = document.skipped
      let name = feedName(source, title: document.title)
      let items = Self.naming(document.items, feed: name, from: source, skipped: &skipped)
      options.memory?.keepPart(
        FeedMemory.KeptPart(name: name, items: items, skipped: skipped), for: source)
      return .items(items, skipped: skipped)
    } catch {
      if let kept = options.memory?.part(source) {
        return .stale(kept.items, skipped: kept.skipped, error)
      }
      // Not read on this run: its page as the last visit kept it on disk, if it did.
      guard let copy = loader.storedPart(source) else { return .failed(error) }
      options.memory?.keepPart(copy, for: source)
      return .stale(copy.items, skipped: copy.skipped, error)
    }
  }

  /// What an item of `source` says it came from: the name a person gave the feed
  /// (`LoadOptions.feedNames`), else the feed's own title when it gives one, else the source
  /// as a person named it (a URL's secrets masked).
  func feedName(_ source: FeedSource, title: String?) -> String {
    if let given = options.feedNames[source]?.trimmingWhitespace(),
      !given.isEmpty
    {
      return String(URLSecrets.masked(given).prefix(200))
    }
    return Self.feedName(source, title: title)
  }

  /// What an item of `source` says it came from, of a feed no person named: the feed's own
  /// title when it gives one, else the source as a person named it (a URL's secrets masked).
  static func feedName(_ source: FeedSource, title: String?) -> String {
    let own = title?.trimmingWhitespace() ?? ""
    return own.isEmpty ? source.displayName : String(own.prefix(200))
  }

  /// `items` newest first: by date (`2024-05-01 14:03`, which sorts as text), the items whose
  /// date does not read as one, or who have none, after all those that do; items of the same
  /// date keep their order, so each feed's own order stays among them.
  /// - Complexity: O(*n* log *n*).
  static func newestFirst(_ items: [FeedItem]) -> [FeedItem] {
    let keys = items.map { item -> String? in
      guard let date = item.date, Self.readsAsDate(date) else { return nil }
      return date
    }
    let order = items.indices.sorted { a, b in
      switch (keys[a], keys[b]) {
      case (let x?, let y?): x != y ? x > y : a < b
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): a < b
      }
    }
    return order.map { items[$0] }
  }

  /// Whether `date` is `YYYY-MM-DD HH:MM`, the form a date the feed gave is kept in when it
  /// reads as one (`FeedDate`).
  static func readsAsDate(_ date: String) -> Bool {
    let bytes = Array(date.utf8)
    guard bytes.count == 16 else { return false }
    return bytes.indices.allSatisfy { i in
      switch i {
      case 4, 7: bytes[i] == UInt8(ascii: "-")
      case 10: bytes[i] == UInt8(ascii: " ")
      case 13: bytes[i] == UInt8(ascii: ":")
      default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i])
      }
    }
  }

  /// `items` of `source`, each naming `feed`, with its picture's address absolute (an http(s)
  /// URL, or a path for a feed of this machine); an item whose picture `source` refuses (a web
  /// feed's `file:` link) is skipped, since the whole has no one feed to resolve it against.
  static func naming(
    _ items: [FeedItem], feed: String, from source: FeedSource, skipped: inout SkipReport
  ) -> [FeedItem] {
    var named: [FeedItem] = []
    named.reserveCapacity(items.count)
    var writer = TextBlockWriter()
    for item in items {
      var address = ""
      if item.hasPicture {
        do {
          switch try source.pictureLocation(of: item.imageURL) {
          case .web(let url): address = url
          case .file(let path): address = absolutePath(path)
          case .embedded:
            skipped.record("\(feed): a picture of the sample feed")
            continue
          }
        } catch {
          skipped.record("\(feed): \(error.description)")
          continue
        }
      }
      named.append(item.naming(feed: feed, imageURL: address, keptBy: &writer))
    }
    return named
  }

  /// `path` from the root, a relative one taken from the working folder.
  package static func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
