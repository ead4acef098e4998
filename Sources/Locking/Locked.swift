import Glibc

/// A value behind a `pthread_mutex_t`.
///
/// Not `Synchronization.Mutex`: on Linux that locks with raw futex calls, which the thread
/// sanitizer cannot see, so every access it guards is reported as a race.
final class Locked<State>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  // Only touched with `mutex` held.
  private var state: State

  init(_ state: State) {
    self.state = state
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
