import Glibc

/// A value behind a `pthread_mutex_t`: the one lock type of the package.
///
/// Not `Synchronization.Mutex`: on Linux that locks with raw futex calls, which the thread
/// sanitizer cannot see, so every access it guards was reported as a race (22 of them in the
/// picture loader and cache alone) and a real race could not be told from them. A pthread
/// mutex is intercepted by the sanitizer, so what it reports is a real race.
public final class Locked<State>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  // Only touched with `mutex` held.
  private var state: State

  public init(_ state: State) {
    self.state = state
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the lock held.
  public func withLock<T, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
