import Foundation
import TestSupport
import Transport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Small loopback transfers through `Transport` against URLSession, the implementation it
/// replaced, kept here only as the baseline: throughput of 1,000 transfers, 32 in flight, and
/// the latency of one 100-byte transfer on its own (first byte to last is one packet).
enum NetworkWorkload {
  static let inFlight = 32

  static func measure(quick: Bool, into report: inout Report) {
    guard let server = try? TestHTTPServer(), let transport = Transport() else {
      print("network: cannot start a loopback server or the transport; skipped")
      return
    }
    defer {
      transport.shutdown()
      server.stop()
    }
    let count = quick ? 200 : 1000
    let body = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
    server.route("/small", reply: .respond(status: 200, headers: [:], body: body))
    server.route("/tiny", reply: .respond(status: 200, headers: [:], body: Array(body[0..<100])))
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = inFlight
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    let small = server.url("/small")
    let runs = quick ? 1 : 3
    let batch = Stopwatch.pairedMedians(
      runs: runs,
      baseline: { Sink.take(viaURLSession(session, small, count: count, window: inFlight)) },
      work: { Sink.take(viaTransport(transport, small, count: count, window: inFlight)) })
    report.add(
      Figure(
        "network \(count) × 4 KiB loopback, \(inFlight) at once", "throughput",
        Double(count) / batch.work, unit: "transfers/s",
        baseline: ("URLSession transfers/s", Double(count) / batch.baseline),
        target: "≥ URLSession"))
    let tiny = server.url("/tiny")
    let single = Stopwatch.pairedMedians(
      runs: quick ? 5 : 25,
      baseline: { Sink.take(viaURLSession(session, tiny, count: 1, window: 1)) },
      work: { Sink.take(viaTransport(transport, tiny, count: 1, window: 1)) })
    report.add(
      Figure(
        "network one 100-byte loopback transfer", "first-byte latency", single.work * 1e3,
        unit: "ms", baseline: ("URLSession ms", single.baseline * 1e3), target: "≤ URLSession"))
  }

  private static func viaTransport(_ transport: Transport, _ url: String, count: Int, window: Int)
    -> Int
  {
    windowed(count: count, window: window) { ended in
      transport.start(
        TransferRequest(url: url, userAgent: "cascade-bench"),
        consumer: TransferConsumer(
          chunk: { _ in .accepted },
          finish: { result in
            if case .success = result { ended(true) } else { ended(false) }
          }))
    }
  }

  private static func viaURLSession(_ session: URLSession, _ url: String, count: Int, window: Int)
    -> Int
  {
    guard let address = URL(string: url) else { return 0 }
    return windowed(count: count, window: window) { ended in
      session.dataTask(with: address) { _, _, error in ended(error == nil) }.resume()
    }
  }

  /// Starts `count` transfers, at most `window` at once, each calling `ended` with whether it
  /// succeeded; returns how many did.
  private static func windowed(
    count: Int, window: Int, _ start: (@escaping @Sendable (Bool) -> Void) -> Void
  ) -> Int {
    let slots = DispatchSemaphore(value: window)
    let done = DispatchGroup()
    let succeeded = Counter()
    for _ in 0..<count {
      slots.wait()
      done.enter()
      start { ok in
        if ok { _ = succeeded.next() }
        slots.signal()
        done.leave()
      }
    }
    done.wait()
    return succeeded.next() - 1
  }
}
