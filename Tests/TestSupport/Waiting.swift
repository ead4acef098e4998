// The benchmark links TestSupport (its loopback server) into a release build, which has no
// Testing module: the wait is for tests only.
#if canImport(Testing)
  import Testing

  /// Waits until `condition` holds, checking every 10 ms, and records an issue if it still does
  /// not hold after `seconds` (more on a loaded machine, six times that under a sanitizer).
  ///
  /// The bound is a safety net, not a measure of speed: on a quiet machine what is waited for
  /// comes within milliseconds. It is wide because Swift Testing runs tests on a pool two
  /// threads wide here, and a suite that holds both threads with synchronous work (decoding,
  /// paging a thousand pages) holds up every test waiting for a `Task` meanwhile: ten seconds
  /// was seen passed that way in CI.
  package func waitUntil(
    seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
  ) async throws {
    let bound = TimeBounds.scaled(seconds)
    let deadline = ContinuousClock.now + .seconds(bound)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("condition not met within \(Int(bound)) s", sourceLocation: sourceLocation)
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
#endif
