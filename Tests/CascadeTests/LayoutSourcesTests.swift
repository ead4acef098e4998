import Foundation
import TestSupport
import Testing

/// `cascade layout` gives the same layout for the same document wherever it comes from.
@Suite struct LayoutSourcesTests {
  static let feed = """
    {"items": [{"image": "a.jpg", "w": 1200, "h": 2249}, {"src": "b.jpg", "w": "800", "h": "600"},
               {"url": "c.jpg", "width": 640, "height": 640}, {"img": "d.jpg", "w": 3, "h": 0}]}
    """

  @Test func httpFileAndStandardInputGiveTheSameLayout() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed.json", reply: .json(Self.feed))
    let file = try CascadeProcess.temporaryFile(Self.feed)
    defer { try? FileManager.default.removeItem(at: file) }
    let options = ["--width", "90", "--columns", "3", "--column-spacing", "2"]
    let fromHTTP = try await CascadeProcess.run(["layout", server.url("/feed.json")] + options)
    let fromFile = try await CascadeProcess.run(["layout", file.path] + options)
    let fromURL = try await CascadeProcess.run(["layout", "file://" + file.path] + options)
    let fromStdin = try await CascadeProcess.run(
      ["layout", "-"] + options, stdin: Data(Self.feed.utf8))
    #expect(fromHTTP.status == 0, "\(fromHTTP.stderr)")
    #expect(fromHTTP.stdout.contains("\"index\": 2"))
    #expect(!fromHTTP.stdout.contains("\"index\": 3"))
    #expect(fromHTTP.stdout == fromFile.stdout)
    #expect(fromURL.stdout == fromFile.stdout)
    #expect(fromStdin.stdout == fromFile.stdout)
    #expect(fromHTTP.stderr.contains("skipped 1 item"))
  }

  /// `--header` (`-H`) sends a key with the feed's request; a malformed one is a usage error.
  @Test func headerOptionIsSentWithTheFeedsRequest() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed.json") { request in
      request.headers["x-api-key"] == "secret" ? .json(Self.feed) : .json("{}", status: 401)
    }
    let url = server.url("/feed.json")
    let keyed = try await CascadeProcess.run(
      ["layout", url, "--width", "90", "-H", "X-Api-Key: secret", "--header", "X-Other: 1"])
    #expect(keyed.status == 0, "\(keyed.stderr)")
    #expect(keyed.stdout.contains("\"index\": 2"))
    let keyless = try await CascadeProcess.run(["layout", url, "--width", "90"])
    #expect(keyless.status == 1)
    #expect(keyless.stderr.contains("401"))
    for bad in ["X-Api-Key", "X Api: 1", "X-Api-Key: a\r\nHost: b"] {
      let refused = try await CascadeProcess.run(["layout", url, "--width", "90", "-H", bad])
      #expect(refused.status == 2, "\(bad): \(refused.stderr)")
      #expect(refused.stderr.contains("--header"), "\(refused.stderr)")
    }
  }

  @Test func httpErrorStatusExitsOneNamingStatusAndURL() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let result = try await CascadeProcess.run([
      "layout", server.url("/missing.json"), "--width", "50",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("404"))
    #expect(result.stderr.contains(server.url("/missing.json")))
    #expect(result.stdout.isEmpty)
  }

  /// A FEED argument no loader takes is a usage error, status 2, as it is for the browser and
  /// `print` (it was 1 here): nothing was tried to be read.
  @Test func unsupportedSchemeIsRefused() async throws {
    let result = try await CascadeProcess.run([
      "layout", "ftp://example.com/feed.json", "--width", "50",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("ftp"))
    #expect(result.stdout.isEmpty)
  }

  @Test func bodyLimitFlagIsHonoured() async throws {
    let file = try CascadeProcess.temporaryFile(Self.feed)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await CascadeProcess.run([
      "layout", file.path, "--width", "50", "--max-bytes", "10",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("--max-bytes"))
  }
}
