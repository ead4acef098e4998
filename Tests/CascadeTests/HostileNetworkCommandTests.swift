import Foundation
import TestSupport
import Testing

/// `cascade layout` against servers that misbehave on purpose: each ends with exit 1 and a
/// message naming the flag, within the time the flag promises, through the real binary.
@Suite struct HostileNetworkCommandTests {
  /// Runs `cascade layout URL --width 90 extra…` against `reply`.
  func layout(_ reply: TestHTTPServer.Reply, _ extra: [String]) async throws
    -> CascadeProcess.Result
  {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed", reply: reply)
    return try await CascadeProcess.run(
      ["layout", server.url("/feed"), "--width", "90"] + extra, environment: Self.noQuarantine)
  }

  /// Under the address sanitizer, memory freed is held in its quarantine (up to 256 MiB) to
  /// catch a use after free, and the peak resident size measured that, not Cascade: 72 MiB
  /// for a storm of 38-byte chunks. Without it, the peak is what Cascade holds (and the
  /// sanitizer's shadow of it). Other processes ignore the variable.
  static let noQuarantine = [
    "ASAN_OPTIONS": (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "")
      + "quarantine_size_mb=0"
  ]

  static let bomb = GzipBomb.make(decodedBytes: 1 << 30)
  static let tinyFeed = #"{"data": [{"img": "a.jpg", "w": 4, "h": 3}]}"#

  @Test(arguments: ["bomb", "endless", "storm"])
  func byteCapStopsAHostileBodyWithinTwoSeconds(kind: String) async throws {
    let reply: TestHTTPServer.Reply =
      switch kind {
      case "bomb": .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: Self.bomb)
      case "endless":
        .endless(chunk: [UInt8](repeating: 32, count: 65_536), interval: 0, headers: [:])
      default: .endless(chunk: [UInt8](repeating: 32, count: 38), interval: 0, headers: [:])
      }
    let idle = try await layout(.json(Self.tinyFeed), ["--max-bytes", "1000000"])
    let result = try await layout(reply, ["--max-bytes", "1000000"])
    let seconds = result.seconds
    #expect(result.status == 1)
    #expect(result.stderr.contains("--max-bytes"), "\(result.stderr)")
    // The process starts and links in that time too.
    #expect(seconds < TimeBounds.scaled(2), "\(kind) took \(seconds) s")
    // Against the same binary loading a tiny feed: what the hostile body cost at its peak.
    let growth = result.peakResidentBytes - idle.peakResidentBytes
    #expect(idle.peakResidentBytes > 0)
    #expect(growth < 64 << 20, "\(kind): peak \(growth >> 20) MiB above the idle process")
  }

  @Test func totalTimeStopsAnEndlessDrip() async throws {
    let drip = TestHTTPServer.Reply.endless(chunk: Array("[".utf8), interval: 0.05, headers: [:])
    let result = try await layout(drip, ["--total-time", "5", "--timeout", "2"])
    let seconds = result.seconds
    #expect(result.status == 1)
    #expect(result.stderr.contains("--total-time"), "\(result.stderr)")
    #expect(seconds >= 5)
    #expect(seconds < 5 + TimeBounds.scaled(1), "took \(seconds) s")
  }

  /// Out of its range a number is a usage error that says the range, never a crash.
  @Test func hugeTimeoutIsAUsageErrorNotACrash() async throws {
    for (flag, value) in [("--timeout", "1e16"), ("--total-time", "1e300")] {
      let result = try await layout(.json(Self.tinyFeed), [flag, value])
      #expect(result.status == 2, "\(result.stderr)")
      #expect(result.stderr.contains("\(flag) must be a number from 0.001 to"), "\(result.stderr)")
    }
    let longest = try await layout(.json(Self.tinyFeed), ["--timeout", "86400"])
    #expect(longest.status == 0, "\(longest.stderr)")
    #expect(longest.stdout.contains("\"index\": 0"))
  }

  @Test func redirectWithoutLocationSaysSo() async throws {
    let result = try await layout(.redirect(to: "::::"), [])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("the server redirected (HTTP 302) without a usable Location header"),
      "\(result.stderr)")
  }
}
