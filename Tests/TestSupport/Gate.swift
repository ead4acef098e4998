import Foundation

/// Where threads wait until a test lets them on: a server's handler held before it answers, so
/// that a test can count the requests under way at one moment.
package final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  // Only touched with `condition` locked.
  private var isOpen = false

  package init() {}

  /// Blocks until `open()`; returns at once after it.
  package func wait() {
    condition.lock()
    while !isOpen { condition.wait() }
    condition.unlock()
  }

  /// Lets every waiting thread on, and every later one straight through.
  package func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }
}
