import Foundation

/// A thread-safe counter: unique names for parallel tests, and route handlers that answer
/// differently over time.
package final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  package init() {}

  /// Increments and returns the new value (1 for the first call).
  package func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
