/// Why the next page is not fetched on its own as the reader nears the end.
///
/// Prefetching is a convenience, never a retry loop: a load that failed would fail again at
/// once (a server that is down refuses in microseconds, a broken `next` link fails without a
/// request), so after a failure only the reader starts the next attempt. After a refresh the
/// reader sees page 1 as it now is before anything is appended to it.
enum PrefetchHold: Hashable, Sendable {
  case none
  /// A refresh just showed page 1: the next page waits until the reader moves.
  case untilMoved
  /// A load failed: nothing is tried again until the reader asks (a pull at the bottom, `r`).
  case untilAsked
}
