import Foundation
import Locking
import TestSupport
import Testing

@testable import Transport

/// At most so many transfers at once to one server, whoever starts them (feeds, pictures,
/// probes): the rest wait their turn, in order, with their clocks not yet running.
@Suite struct ServerQueueTests {
  @Test func transfersPastTheLimitWaitInOrderAndStartAsOthersEnd() {
    var queue = ServerQueue(limit: 2)
    let a = "http://a.example:80"
    #expect(queue.admit(1, to: a) && queue.admit(2, to: a))
    #expect(!queue.admit(3, to: a) && !queue.admit(4, to: a))
    // Another server is not held up.
    let other = queue.admit(5, to: "https://b.example")
    #expect(other)
    #expect(queue.ended(at: a, multiplexed: false) == [3])
    // A waiting transfer cancelled leaves the queue; one that is not, is not there.
    #expect(queue.cancel(4, at: a) && !queue.cancel(4, at: a))
    #expect(queue.ended(at: a, multiplexed: false).isEmpty)
    let sixth = queue.admit(6, to: a)
    #expect(sixth)
    let seventh = queue.admit(7, to: a)
    #expect(!seventh)
    #expect(queue.allWaiting == [7])
  }

  @Test func aServerThatMultiplexesHasNoLimit() {
    var queue = ServerQueue(limit: 1)
    let h2 = "https://h2.example"
    #expect(queue.admit(1, to: h2) && !queue.admit(2, to: h2) && !queue.admit(3, to: h2))
    #expect(queue.ended(at: h2, multiplexed: true) == [2, 3])
    let fourth = queue.admit(4, to: h2)
    #expect(fourth)
  }

  @Test func withoutALimitEveryTransferStarts() {
    var queue = ServerQueue(limit: nil)
    var started = 0
    for id in 1...50 where queue.admit(UInt64(id), to: "http://a") { started += 1 }
    #expect(started == 50)
  }

  @Test(arguments: [
    ("http://127.0.0.1:8080/feed.json?x=1", "http://127.0.0.1:8080"),
    ("HTTPS://User:PW@Example.com/a/b#c", "https://example.com"),
    ("https://example.com?q", "https://example.com"),
    // The scheme's own port is the same server as no port: the two were counted apart, so a
    // feed naming both took twelve connections where six are promised.
    ("http://example.com:80/a.jpg", "http://example.com"),
    ("https://example.com:443", "https://example.com"),
    ("https://example.com:80/a.jpg", "https://example.com:80"),
    ("http://[::1]:80/a.jpg", "http://[::1]"),
    ("http://[::1]:8080/a.jpg", "http://[::1]:8080"),
    ("http://u:p@a:80@b:80/x", "http://b"),
  ])
  func aServerIsItsSchemeHostAndPort(url: String, server: String) {
    #expect(ServerQueue.server(of: url) == server)
  }

  /// Over the loop: three transfers to a server that holds each answer, with room for two at
  /// once; the server never sees three, all three end whole, and one cancelled while it
  /// waits ends at once as cancelled.
  @Test func theLoopKeepsToTheLimitAndCancelsAWaitingTransfer() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let released = Locked(false)
    defer { released.withLock { $0 = true } }
    server.route("/held") { _ in
      // Held until the test lets go (a bound only so that a failing test cannot hang).
      let deadline = ContinuousClock.now + .seconds(300)
      while !released.withLock({ $0 }), ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.005)
      }
      return .respond(status: 200, headers: [:], body: Array("ok".utf8))
    }
    let transport = try #require(Transport(perServer: 2))
    defer { transport.shutdown() }
    let recorders = (0..<4).map { _ in Recorder() }
    var handles: [TransferHandle] = []
    // The answers are held for as long as the test takes: on a loaded machine that passed the
    // default 15 s without a byte, and the transfers ended early, letting the next ones in.
    var request = TransferRequest(url: server.url("/held"), userAgent: "t")
    request.limits.idleTimeout = 600
    request.limits.totalTime = 600
    for recorder in recorders {
      handles.append(transport.start(request, consumer: recorder.consumer))
    }
    try await waitUntil { server.requests.count >= 2 }
    handles[3].cancel()
    try await waitUntil { recorders[3].isFinished }
    guard case .cancelled = recorders[3].error else {
      Issue.record("the waiting transfer ended as \(String(describing: recorders[3].result))")
      return
    }
    #expect(server.requests.count == 2)
    released.withLock { $0 = true }
    try await waitUntil { recorders[0..<3].allSatisfy(\.isFinished) }
    #expect(recorders[0..<3].allSatisfy { $0.bytes == Array("ok".utf8) })
    #expect(server.mostOpen <= 2)
    #expect(server.requests.count == 3)
  }
}
