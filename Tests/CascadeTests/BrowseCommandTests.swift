import Foundation
import Testing

/// `cascade [FEED]` outside a terminal: option errors and the refusal to draw into a pipe.
@Suite struct BrowseCommandTests {
  @Test(arguments: [
    (["--columns", "0"], "--columns must be"), (["--cell-aspect", "x"], "--cell-aspect must be"),
    (["--pull-threshold"], "--pull-threshold needs a value"),
    (["--bogus"], "unknown option --bogus"),
    (["a.json", "b.json"], "only one FEED"), (["ftp://example.com/feed"], "ftp"),
  ])
  func usageErrorsExitTwoWithOneLine(arguments: [String], message: String) async throws {
    let result = try await CascadeProcess.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout.isEmpty)
  }

  @Test func helpPrintsUsage() async throws {
    let result = try await CascadeProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("usage: cascade [FEED]"))
  }

  @Test func withoutATerminalItRefusesCleanly() async throws {
    let result = try await CascadeProcess.run([])
    #expect(result.status == 1)
    #expect(result.stderr.contains("needs a terminal"))
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func aMissingFeedExitsOne() async throws {
    let result = try await CascadeProcess.run(["/nonexistent/feed.json"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("cascade: /nonexistent/feed.json"))
  }
}
