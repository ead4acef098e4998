import Foundation

/// Runs blocking work (waiting for a child process, polling tmux) on a thread of its own.
///
/// Swift Testing runs tests on Swift concurrency's pool, and both that pool and Dispatch's
/// global queues are as wide as the machine has cores: two here. A test that blocks one of
/// those threads for seconds starves every other test, URLSession's callbacks included, and
/// FeedKit's timing tests then fail for no fault of their own. A plain `Thread` is outside both.
package enum OffPool {
  package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        continuation.resume(with: Result { try work() })
      }
      thread.start()
    }
  }
}
