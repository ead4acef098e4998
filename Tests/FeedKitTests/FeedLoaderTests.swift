import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// A feed document of `count` items named `prefix1…`, with an optional `next`.
func feedJSON(_ ids: [String], next: String? = nil) -> String {
  let items = ids.map { #"{"id": "\#($0)", "img": "\#($0).jpg", "width": 100, "height": 150}"# }
  let nextField = next.map { #""next": "\#($0)", "# } ?? ""
  return #"{\#(nextField)"data": [\#(items.joined(separator: ", "))]}"#
}

/// The error of `body`, or nil when it succeeds.
func loadError(_ body: () async throws(FeedError) -> Void) async -> FeedError? {
  do {
    try await body()
    return nil
  } catch { return error }
}

@Suite struct FeedLoaderTests {
  @Test func loadsFileByPathAndFileURL() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try feedJSON(["a", "b"]).write(toFile: folder + "/feed.json", atomically: true, encoding: .utf8)
    let byPath = try await FeedLoader().load(FeedSource(argument: folder + "/feed.json"))
    let byURL = try await FeedLoader().load(FeedSource(argument: "file://" + folder + "/feed.json"))
    #expect(byPath.items.map(\.identity) == ["a", "b"])
    #expect(byURL.items == byPath.items)
  }

  @Test func missingFileSaysNoSuchFile() async {
    let error = await loadError { () throws(FeedError) in
      _ = try await FeedLoader().load(.file("/nonexistent/feed.json"))
    }
    #expect(
      error == .unreadable(source: "/nonexistent/feed.json", detail: "no such file; check the path")
    )
  }

  @Test func fileOverBodyCapFails() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try String(repeating: " ", count: 5000).write(
      toFile: folder + "/big.json", atomically: true, encoding: .utf8)
    var options = LoadOptions()
    options.maxBytes = 4096
    let error = await loadError { () throws(FeedError) in
      _ = try await FeedLoader(options: options).load(.file(folder + "/big.json"))
    }
    #expect(
      error == .limitExceeded(source: folder + "/big.json", limit: .bodySize(4096), location: nil))
    #expect(error?.description.contains("larger than 4 KiB") == true)
  }

  @Test func malformedFileNamesPathLineAndColumn() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "{\"data\": [\n}".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
    let error = await loadError { () throws(FeedError) in
      _ = try await FeedLoader().load(.file(folder + "/bad.json"))
    }
    guard case .malformed("JSON", let source, "line 2, column 1", _) = error else {
      Issue.record("expected malformed JSON at line 2, got \(String(describing: error))")
      return
    }
    #expect(source == folder + "/bad.json")
  }

  @Test func sampleFeedLoads() async throws {
    let document = try await FeedLoader().load(.sample)
    #expect(!document.items.isEmpty)
  }

  @Test func fileAndHTTPGiveTheSameDocument() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let json = String(decoding: SampleFeed.bytes, as: UTF8.self)
    try json.write(toFile: folder + "/feed.json", atomically: true, encoding: .utf8)
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed.json", reply: .json(json))
    let fromFile = try await FeedLoader().load(FeedSource(argument: folder + "/feed.json"))
    let fromHTTP = try await FeedLoader().load(FeedSource(argument: server.url("/feed.json")))
    // Over HTTP, the sample's relative picture paths are made absolute against the page.
    let page = try #require(PageAddress(server.url("/feed.json")))
    #expect(page.resolving(fromFile.items) == fromHTTP.items)
    #expect(fromHTTP.items.allSatisfy { $0.imageURL.hasPrefix(server.url("/")) })
    #expect(fromFile.title == fromHTTP.title)
  }
}
