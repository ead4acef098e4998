import Locking

/// What a command leaves for the end of the process instead of freeing it itself.
///
/// `cascade layout` ends as soon as it has printed: freeing a million decoded items one by one
/// (a release of each item's text block, then the blocks) was 3 % of the
/// command's CPU time (perf, 1M items) for nothing, since the kernel drops all of the process's memory at once
/// when it exits. The values are kept, not leaked while the process goes on: nothing calls
/// this but a command about to return its exit status to `main`.
enum ProcessEnd {
  private static let kept = Locked<[any Sendable]>([])

  /// Keeps `value` alive until the process exits.
  static func keep(_ value: any Sendable) {
    kept.withLock { $0.append(value) }
  }
}
