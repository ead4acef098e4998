import FeedModel

/// The background refresh (`--refresh-minutes`), and what a refresh says of each followed
/// feed.
///
/// When its time comes the refresh does not start at once: it waits until the reader is at
/// rest at the top of the view, where the newest items are — no panel, prompt, search, pull,
/// slideshow or load under way. A refresh of a waterfall lays every box out again (an item
/// added at the top moves the columns below it), so no place further down could be kept
/// still; at the top, what the refresh brings keeps the box the reader looks at where it is
/// on the screen, as `r` does, and the status line says what is new. A reader who scrolled
/// away meets the refresh when they come back to the top.
extension BrowserState {
  /// Whether the reader is at rest at the top of the view, where a background refresh may
  /// land (see above).
  public var isAtRestAtTop: Bool {
    let atTop = arrangement.scrollsVertically ? top == 0 : (selection ?? 0) == 0
    return atTop && loading == nil && panel == .none && pull.shift == 0 && slideshow == nil
      && searchPrompt == nil && linkPrompt == nil && prefix.prompt == nil
      && (filter == nil || feedShown != nil)
  }

  /// The first background refresh's alarm, when the browser starts with one.
  func armBackgroundRefresh() -> [Effect] {
    guard let minutes = options.refreshMinutes, minutes > 0 else { return [] }
    return [.alarm(.refresh, afterSeconds: Double(minutes) * 60)]
  }

  /// Starts the refresh that is due once the reader is at rest at the top, and sets the
  /// alarm for the next; run after every event.
  mutating func reconcileBackgroundRefresh() -> [Effect] {
    guard refreshDue, isAtRestAtTop else { return [] }
    refreshDue = false
    // Every feed: the one shown alone stays so (`Event.loaded`).
    return startLoad(.refresh) + armBackgroundRefresh()
  }

  /// What a refresh said of each followed feed it read (`SkipReport.feeds`): its error now (or
  /// none), and, when it could be read, that it was read now.
  mutating func noteRead(_ outcomes: [FeedOutcome]) {
    guard !outcomes.isEmpty, !options.feeds.isEmpty else { return }
    let clock = readerTime.now.map { now in readerTime.lastRead(now, now: now) }
    for outcome in outcomes {
      guard outcome.wasRead,
        let row = options.feeds.firstIndex(where: { $0.name == outcome.name })
      else { continue }
      options.feeds[row].error = outcome.error
      options.feeds[row].retryAt = outcome.retryAt
      if outcome.error == nil, let clock { options.feeds[row].lastRead = clock }
    }
  }
}
