import BrowserCore
import PictureKit

/// The times the state asked to hear of: when the status line's message runs out, and the
/// alarms it set (`Effect.alarm`). The effect runner sets them; the loop's wait ends by the
/// first, and the turn that passes one hands its event to the state.
struct Timers {
  /// When the status line's message runs out, and its number; a later message replaces it.
  private var expiry: (deadline: ContinuousClock.Instant, serial: Int)?
  /// The alarms the state asked for, each with its time.
  private var alarms: [(deadline: ContinuousClock.Instant, alarm: Alarm)] = []

  /// Has message `serial` expire `seconds` from now.
  mutating func expireMessage(_ serial: Int, after seconds: Double) {
    expiry = (.now + .milliseconds(Int(seconds * 1000)), serial)
  }

  /// Sets `alarm` to go off `seconds` from now.
  mutating func set(_ alarm: Alarm, after seconds: Double) {
    alarms.append((.now + .milliseconds(Int(seconds * 1000)), alarm))
  }

  /// `timeout` (milliseconds, −1 for none) shortened so that the wait ends by the first time.
  func timeout(_ timeout: Int32) -> Int32 {
    var timeout = timeout
    if let expiry { timeout = BrowserApp.timeout(timeout, endingBy: expiry.deadline) }
    if let next = alarms.map(\.deadline).min() {
      timeout = BrowserApp.timeout(timeout, endingBy: next)
    }
    return timeout
  }

  /// The events of the times passed by `now`, each once.
  mutating func due(at now: ContinuousClock.Instant) -> [Event] {
    var events: [Event] = []
    if let due = expiry, due.deadline <= now {
      expiry = nil
      events.append(.messageExpired(due.serial))
    }
    events += alarms.filter { $0.deadline <= now }.map { .alarm($0.alarm) }
    alarms.removeAll { $0.deadline <= now }
    return events
  }
}
