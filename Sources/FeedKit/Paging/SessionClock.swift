/// What a `FeedSession` reads the time from and waits with between pages (its back-off after
/// pages that repeat what was loaded): the continuous clock, or a test's, which records the
/// waits asked for and moves on at once.
public struct SessionClock: Sendable {
  public var now: @Sendable () -> ContinuousClock.Instant
  /// Returns at `instant`, or sooner when the task is cancelled.
  public var sleep: @Sendable (ContinuousClock.Instant) async -> Void

  public init(
    now: @escaping @Sendable () -> ContinuousClock.Instant,
    sleep: @escaping @Sendable (ContinuousClock.Instant) async -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  public static let continuous = SessionClock(
    now: { .now }, sleep: { try? await Task.sleep(until: $0, clock: .continuous) })
}
