import EmbeddedPictures
import FeedKit
import FeedModel
import Foundation
import PictureKit
import TestSupport

/// Reading the sizes of 1,000 pictures from their headers over loopback with 20 ms added to
/// every answer, as the browser and `cascade layout` do for a feed without sizes: eight ranged
/// probes at a time. The baseline is the latency bound (1,000 × 20 ms / 8); the bytes per probe
/// show that a probe reads the header, not the picture (each picture is padded to 5 MB).
enum ProbeWorkload {
  static let latency = 0.020
  static let concurrency = 8

  static func measure(quick: Bool) async -> [Figure] {
    let count = quick ? 200 : 1000
    guard let name = SamplePictures.names.first(where: { $0.hasSuffix(".jpg") }),
      let picture = SamplePictures.bytes(named: name), let server = try? TestHTTPServer()
    else {
      print("probe: no sample JPEG or no loopback server; skipped")
      return []
    }
    defer { server.stop() }
    let body = picture + [UInt8](repeating: 0, count: 5 << 20)
    let sent = Counter()
    for i in 0..<count {
      server.route("/p/\(i).jpg") { request in
        Thread.sleep(forTimeInterval: latency)
        let reply = TestHTTPServer.Reply.ranged(body, for: request)
        if case .respond(_, _, let bytes) = reply { sent.add(bytes.count) }
        return reply
      }
    }
    let items = (0..<count).map { FeedItem.unsized(imageURL: server.url("/p/\($0).jpg")) }
    var failures = 0
    let start = ContinuousClock.now
    await SizeProbe.probe(
      Array(items.indices), of: items, in: .url(server.url("/feed.json")),
      options: LoadOptions(), concurrency: concurrency, prefixes: .keepingNothing
    ) { _, result in
      if case .failure = result { failures += 1 }
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let bound = Double(count) * latency / Double(concurrency)
    return [
      Figure(
        "probe \(count) sizes, 20 ms latency, \(concurrency) at a time", "time", seconds,
        unit: "s", baseline: ("latency bound s", bound), target: "within 2x of the bound"),
      Figure(
        "probe \(count) sizes (5 MB pictures)", "bytes read per probe",
        Double(sent.total) / Double(max(1, count)), unit: "bytes",
        target: "at most 64 KiB; \(failures) failed"),
    ]
  }

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0
    func add(_ bytes: Int) { lock.withLock { sum += bytes } }
    var total: Int { lock.withLock { sum } }
  }
}
