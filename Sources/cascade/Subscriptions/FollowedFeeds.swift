import BrowserCore
import BrowserShell
import FeedKit
import FeedModel
import FoundationEssentials

/// What `cascade` with no FEED opens: every feed of the feeds file as one "all feeds"
/// waterfall, newest first, each item naming its feed by the name the file gives it; and,
/// once read, what is new in them since the last visit (`SeenItems`), handed to the browser
/// as its feeds panel and its new items.
enum FollowedFeeds {
  /// The followed feeds as one source (several even for one feed, so its items name it and
  /// what was seen of it is kept), with the load options that read them as an "all feeds"
  /// view; nil when none is followed.
  static func source(_ subscriptions: [Subscription], load: inout LoadOptions) -> FeedSource? {
    var parts: [FeedSource] = []
    for subscription in subscriptions {
      // The feeds file was read line by line through the same parsing: none fails here.
      guard let part = try? FeedSource(argument: subscription.feed) else { continue }
      parts.append(part)
      if let name = subscription.name { load.feedNames[part] = name }
    }
    guard !parts.isEmpty else { return nil }
    load.newestFirst = true
    load.keepsAllFailures = true
    load.headersFeed = nil
    load.headersFeeds = subscriptions.map(\.feed)
    return .several(parts)
  }

  /// Records the visit that read `outcomes` at `now` in the file at `url` (nil: kept
  /// nowhere, all the same counted against nothing), and makes what the browser shows of it.
  /// - Returns: the feeds panel's rows, the new items, and a message when the file could not
  ///   be written.
  static func visit(
    _ outcomes: [FeedOutcome], seenAt url: URL?, now: Double,
    clock: ReaderTime = LocalClock.readerTime()
  ) -> (feeds: [FeedSummary], newItems: Set<UInt64>, problem: String?) {
    var problem: String?
    var visit: SeenItems.Visit
    if let url {
      do {
        visit = try SeenItems.change(at: url) { $0.visit(outcomes, at: now) }
      } catch {
        var seen = SeenItems.load(from: url)
        visit = seen.visit(outcomes, at: now)
        problem = "could not keep what was seen of the feeds (\(error)); new items will show again"
      }
    } else {
      var seen = SeenItems()
      visit = seen.visit(outcomes, at: now)
    }
    // One of the visit's feeds an outcome, in order.
    let feeds = zip(visit.feeds, outcomes).map { feed, outcome in
      FeedSummary(
        name: feed.name, newCount: feed.newCount,
        lastRead: clock.lastRead(
          feed.lastRead.map { Int64($0.rounded(.down)) }, now: Int64(now.rounded(.down))),
        error: feed.error.map { Self.withoutAddress($0, of: outcome.source) },
        retryAt: outcome.retryAt)
    }
    return (feeds, visit.newItems, problem)
  }

  /// `error` without the feed's address it starts with (`FeedError`'s messages do): the
  /// panel's row names the feed, and a narrow panel cut what went wrong instead. The messages
  /// (`m`) keep the whole text.
  static func withoutAddress(_ error: String, of source: String) -> String {
    let prefix = source + ": "
    return error.hasPrefix(prefix) ? String(error.dropFirst(prefix.count)) : error
  }

  /// The feeds of `outcomes` still loading when the browser opened, by name, with what was
  /// seen of each on earlier visits (nil for one never read), from the file at `url`: what
  /// decides which of their items are new when they come (`BrowserOptions.lateFeeds`).
  static func lateFeeds(_ outcomes: [FeedOutcome], seenAt url: URL?) -> [String: SeenBefore] {
    let late = outcomes.filter(\.isLoading)
    guard !late.isEmpty else { return [:] }
    let seen = url.map(SeenItems.load) ?? SeenItems()
    var feeds: [String: SeenBefore] = [:]
    for outcome in late {
      feeds[outcome.name] =
        seen.feeds[SeenItems.key(of: outcome.source)].map { .items(Set($0.items)) } ?? .never
    }
    return feeds
  }

  /// Records as seen the items refreshes brought on this visit, by feed name (`arrivals`),
  /// each under the feed `outcomes` (the visit's first load) names so; says on standard
  /// error when the file cannot be written.
  static func record(
    _ arrivals: [String: [UInt64]], of outcomes: [FeedOutcome], seenAt url: URL, now: Double
  ) {
    do {
      try SeenItems.change(at: url) { seen in
        for (name, items) in arrivals {
          for outcome in outcomes where outcome.name == name {
            seen.add(items, to: outcome.source, readAt: now)
          }
        }
      }
    } catch {
      Console.error("could not keep what was seen of the feeds (\(error))")
    }
  }

}
