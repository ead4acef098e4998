import Locking
import Testing

@Suite struct ConditionTests {
  /// A waiter on another thread wakes for the broadcast that changes what it waits for, and
  /// sees the change.
  @Test func waiterSeesTheChangeBroadcast() {
    let condition = Condition()
    let state = Locked<(value: Int, seen: Int?)>((0, nil))
    DetachedThread.start {
      condition.withLock {
        while state.withLock({ $0.value }) == 0 { condition.wait() }
        state.withLock { $0.seen = $0.value }
        condition.broadcast()
      }
    }
    condition.withLock {
      state.withLock { $0.value = 7 }
      condition.broadcast()
      while state.withLock({ $0.seen }) == nil { condition.wait() }
    }
    #expect(state.withLock { $0.seen } == 7)
  }

  /// A timed wait that nobody broadcasts to ends, and says its deadline passed.
  @Test func timedWaitWithoutBroadcastTimesOut() {
    let condition = Condition()
    let woken = condition.withLock { condition.wait(until: .init(secondsFromNow: 0.01)) }
    #expect(!woken)
  }

  /// A deadline in the past times out at once rather than waiting.
  @Test func pastDeadlineTimesOut() {
    let condition = Condition()
    let woken = condition.withLock { condition.wait(until: .init(secondsFromNow: -5)) }
    #expect(!woken)
  }
}
