import Foundation
import TestSupport
import Testing

/// Every load limit ends `cascade layout` with a one-line error naming the flag that raises it,
/// and the flag does raise it.
@Suite struct LoadLimitFlagsTests {
  /// Three items, a nesting depth of 4 (`{ [ { [` in the first item), and a 40-byte title.
  static let feed = """
    {"data": [{"img": "a.jpg", "w": 4, "h": 3, "tags": [1]},
              {"img": "b.jpg", "w": 3, "h": 4, "title": "a title of exactly forty bytes, see....."},
              {"img": "c.jpg", "w": 1, "h": 1}]}
    """

  /// `cascade layout FILE --width 90 extra…` on `feed`.
  func layout(_ extra: [String]) async throws -> CascadeProcess.Result {
    let file = try CascadeProcess.temporaryFile(Self.feed)
    defer { try? FileManager.default.removeItem(at: file) }
    return try await CascadeProcess.run(["layout", file.path, "--width", "90"] + extra)
  }

  /// (flag, a value the feed exceeds, a value it fits, what the error says).
  static let limits: [(String, String, String, String)] = [
    ("--max-items", "2", "3", "the page has more than 2 items"),
    ("--max-depth", "3", "4", "values are nested more than 3 deep"),
    ("--max-string", "39", "40", "a string is longer than 39 bytes"),
    ("--max-bytes", "100", "100000", "the body is larger than 100 bytes"),
  ]

  @Test(arguments: limits)
  func limitErrorNamesItsFlagAndTheFlagRaisesIt(
    flag: String, under: String, enough: String, message: String
  ) async throws {
    let failed = try await layout([flag, under])
    #expect(failed.status == 1)
    #expect(failed.stdout.isEmpty)
    #expect(failed.stderr.contains(message), "\(failed.stderr)")
    #expect(failed.stderr.contains("raise the limit with \(flag) N"), "\(failed.stderr)")
    #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
    let passed = try await layout([flag, enough])
    #expect(passed.status == 0, "\(passed.stderr)")
    #expect(passed.stdout.contains("\"index\": 2"))
  }

  @Test func totalTimeStopsASlowDripAndNamesItsFlag() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/drip", reply: .drip(body: Array(Self.feed.utf8), interval: 1))
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await CascadeProcess.run([
      "layout", server.url("/drip"), "--width", "90", "--timeout", "5", "--total-time", "1",
    ])
    // Undisturbed it takes a second; the feed's ~250 bytes would take minutes to drip.
    #expect(clock.now - start < .seconds(20))
    #expect(result.status == 1)
    #expect(result.stderr.contains("took longer than 1 s in all"), "\(result.stderr)")
    #expect(result.stderr.contains("--total-time"), "\(result.stderr)")
  }

  @Test func timeoutStopsASilentServerAndNamesItsFlag() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/silent", reply: .silence)
    let result = try await CascadeProcess.run([
      "layout", server.url("/silent"), "--width", "90", "--timeout", "0.5",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no answer within 0.5 s"), "\(result.stderr)")
    #expect(result.stderr.contains("--timeout"), "\(result.stderr)")
  }

  @Test func twentyMegabytesOfBracketsEndAtTheDepthLimit() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = [UInt8](repeating: UInt8(ascii: "["), count: 20 << 20)
    server.route("/deep", reply: .respond(status: 200, headers: [:], body: body))
    let result = try await CascadeProcess.run([
      "layout", server.url("/deep"), "--width", "90",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("nested more than 256 deep at line 1, column 257"))
    #expect(result.stderr.contains("--max-depth"))
  }

  @Test func hostileSizesAreSkippedOrCutAndReported() async throws {
    let file = try CascadeProcess.temporaryFile(
      """
      [{"img": "a", "w": 12345678901234567890, "h": 1}, {"img": "b", "w": "NaN", "h": 1},
       {"img": "c", "w": 1, "h": 1e308}, {"img": "d", "w": 1, "h": 1000000}]
      """)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await CascadeProcess.run([
      "layout", file.path, "--width", "10", "--columns", "1",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("skipped 3 items"), "\(result.stderr)")
    #expect(result.stderr.contains("larger than 1000000 px"), "\(result.stderr)")
    // The 1 x 1,000,000 picture is cut to 64:1: ten wide, 640 tall.
    #expect(result.stdout.contains("\"height\": 640"), "\(result.stdout)")
  }
}
