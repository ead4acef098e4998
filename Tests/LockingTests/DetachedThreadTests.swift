import Glibc
import Locking
import Testing

@Suite struct DetachedThreadTests {
  /// The body runs, on a thread other than the caller's, while the caller waits for it.
  @Test func bodyRunsOnAnotherThread() {
    let caller = pthread_self()
    let condition = Condition()
    let ran = Locked<pthread_t?>(nil)
    let started = DetachedThread.start {
      condition.withLock {
        ran.withLock { $0 = pthread_self() }
        condition.broadcast()
      }
    }
    #expect(started)
    condition.withLock {
      while ran.withLock({ $0 }) == nil { condition.wait() }
    }
    let thread = ran.withLock { $0 }
    #expect(thread.map { pthread_equal($0, caller) == 0 } == true)
  }
}
