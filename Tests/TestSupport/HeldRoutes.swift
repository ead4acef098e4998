import Locking

/// Requests for held routes in progress, and the most at once: counted inside the handler,
/// which runs before the answer is sent, so a count can only fall short of the transfers open,
/// never exceed them.
package final class InFlight: Sendable {
  private let counts = Locked((now: 0, most: 0))

  package init() {}

  func enter() {
    counts.withLock {
      $0.now += 1
      $0.most = max($0.most, $0.now)
    }
  }

  func leave() { counts.withLock { $0.now -= 1 } }

  package var now: Int { counts.withLock { $0.now } }
  package var most: Int { counts.withLock { $0.most } }
}

extension TestHTTPServer {
  /// Serves `/0.png`, `/1.png`… (`count` of them) with `reply`, each answer held at `gate`
  /// until the test opens it: a test can then count the requests under way at one moment.
  package func holdPictures(
    _ count: Int, at gate: Gate, reply: @escaping @Sendable (Request) -> Reply
  ) -> InFlight {
    let inFlight = InFlight()
    for i in 0..<count {
      route("/\(i).png") { request in
        inFlight.enter()
        defer { inFlight.leave() }
        gate.wait()
        return reply(request)
      }
    }
    return inFlight
  }
}
