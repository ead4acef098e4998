import BrowserCore
import Testing

@testable import BrowserShell

/// The times the state asked to hear of: each passes once, in the turn at or after its time.
@Suite struct TimersTests {
  /// Events as text, to compare (Event is not Equatable).
  func text(_ events: [Event]) -> [String] { events.map { String(describing: $0) } }

  @Test func aMessageExpiresOnceAndAlarmsGoOffOnce() {
    var timers = Timers()
    timers.expireMessage(3, after: 0.5)
    timers.set(.count(1), after: 0.2)
    timers.set(.slide(2), after: 5)
    let start = ContinuousClock.now
    #expect(timers.due(at: start).isEmpty)
    #expect(
      text(timers.due(at: start + .seconds(1)))
        == text([.messageExpired(3), .alarm(.count(1))]))
    #expect(timers.due(at: start + .seconds(2)).isEmpty)
    #expect(text(timers.due(at: start + .seconds(6))) == text([.alarm(.slide(2))]))
  }

  /// A later message replaces the one whose expiry was waiting.
  @Test func aLaterMessageReplacesTheExpiry() {
    var timers = Timers()
    timers.expireMessage(1, after: 0.1)
    timers.expireMessage(2, after: 0.1)
    #expect(text(timers.due(at: .now + .seconds(1))) == text([.messageExpired(2)]))
  }

  /// The wait ends by the first time, and no later than the wait asked for.
  @Test func theWaitEndsByTheFirstTime() {
    var timers = Timers()
    #expect(timers.timeout(-1) == -1)
    timers.set(.count(1), after: 60)
    #expect((59_000...60_000).contains(timers.timeout(-1)))
    #expect(timers.timeout(250) == 250)
  }
}
