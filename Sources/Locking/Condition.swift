import Glibc

/// A pthread mutex with a condition variable: for a thread that waits until another has
/// changed what the lock guards (bytes arrived, memory given back).
///
/// Not Foundation's `NSCondition`, so that the modules that wait need nothing of Foundation
/// beyond FoundationEssentials; a pthread condition, as `Locked`'s mutex, is one the thread
/// sanitizer sees. Timed waits are measured on the monotonic clock, so a change of the wall
/// clock neither cuts them short nor draws them out.
public final class Condition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let variable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  public init() {
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    variable.initialize(to: pthread_cond_t())
    pthread_cond_init(variable, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(variable)
    pthread_mutex_destroy(mutex)
    variable.deallocate()
    mutex.deallocate()
  }

  public func lock() { pthread_mutex_lock(mutex) }

  public func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` with the lock held.
  public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Waits, with the lock held, until another thread broadcasts (or spuriously: callers wait
  /// in a loop on what they wait for).
  public func wait() { pthread_cond_wait(variable, mutex) }

  /// As `wait()`, but no later than `deadline`; false once the deadline has passed.
  public func wait(until deadline: Deadline) -> Bool {
    var time = deadline.time
    return pthread_cond_timedwait(variable, mutex, &time) != ETIMEDOUT
  }

  /// Wakes every thread waiting. Called with the lock held.
  public func broadcast() { pthread_cond_broadcast(variable) }

  /// A moment on the monotonic clock, for `wait(until:)`.
  public struct Deadline: Sendable {
    fileprivate var time: timespec

    /// `seconds` from now (none for a negative number).
    public init(secondsFromNow seconds: Double) {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let nanoseconds = Int(max(0, min(seconds, 1e9)) * 1e9) + now.tv_nsec
      time = timespec(
        tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    }
  }
}
