import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// Servers that misbehave on purpose: each ends in a clear error, in bounded time,
/// without a crash.
@Suite struct HostileServerTests {
  @Test func slowDripEndsAtTheTotalTimeLimit() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    // A byte a second keeps the idle timeout from ever firing: only the total time stops it.
    server.route("/drip", reply: .drip(body: Array(feedJSON(["a"]).utf8), interval: 1))
    var options = quickOptions(timeout: 5)
    options.totalTime = 1.5
    let error = await httpError(server.url("/drip"), options: options)
    #expect(
      error == .limitExceeded(source: server.url("/drip"), limit: .totalTime(1.5), location: nil))
    #expect(error?.description.contains("LoadOptions.totalTime") == true)
    // The client hung up after 1.5 s, as the server saw it (`TestHTTPServer.heldOpen`); the
    // feed's bytes would take over a minute to drip.
    try await waitUntil { !server.heldOpen("/drip").isEmpty }
    let held = server.heldOpen("/drip")
    #expect(held.allSatisfy { $0 < .seconds(TimeBounds.scaled(20)) }, "\(held)")
  }

  @Test func contentLengthLongerThanTheBodyIsAnError() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = Array(feedJSON(["a", "b"]).utf8)
    server.route(
      "/long", reply: .wrongLength(declaredLength: body.count + 100, body: body, headers: [:]))
    guard case .network(let url, let detail) = await httpError(server.url("/long")) else {
      Issue.record("expected a network error")
      return
    }
    #expect(url == server.url("/long"))
    #expect(detail.contains("closed before the whole page arrived"))
  }

  @Test func contentLengthShorterThanTheBodyCutsTheDocument() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = Array(feedJSON(["a", "b"]).utf8)
    server.route(
      "/short", reply: .wrongLength(declaredLength: body.count - 5, body: body, headers: [:]))
    // Only the declared bytes are read: the document is cut short, and says so.
    guard case .malformed("JSON", let source, _, let detail) = await httpError(server.url("/short"))
    else {
      Issue.record("expected malformed JSON")
      return
    }
    #expect(source == server.url("/short"))
    #expect(detail.contains("unexpected end of input"))
  }

  @Test func invalidGzipIsAClearError() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let garbage = Array("this is not gzip at all, just text pretending".utf8)
    server.route(
      "/gz",
      reply: .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: garbage))
    let error = await httpError(server.url("/gz"))
    guard case .network(let url, let detail) = error else {
      Issue.record("expected a network error, got \(String(describing: error))")
      return
    }
    #expect(url == server.url("/gz"))
    #expect(detail.contains("gzip"))
  }

  @Test func truncatedGzipIsAnError() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let whole = Gzip.wrap(Array(feedJSON(["a", "b", "c"]).utf8))
    server.route(
      "/gz",
      reply: .respond(
        status: 200, headers: ["Content-Encoding": "gzip"], body: Array(whole.dropLast(12))))
    #expect(await httpError(server.url("/gz")) != nil)
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/feed.json", "gopher://x/1"])
  func redirectToAnotherSchemeIsRefused(target: String) async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a", reply: .redirect(to: target))
    let error = await httpError(server.url("/a"))
    guard case .refusedLink(let source, let refused, _) = error else {
      Issue.record("expected refusedLink, got \(String(describing: error))")
      return
    }
    #expect(source == server.url("/a"))
    #expect(refused == target)
    #expect(error?.description.contains("may only lead to http or https") == true)
  }

  @Test func htmlErrorPageWithStatus200IsNamedAsHTML() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let page = "<!DOCTYPE html>\n<html><body><h1>Service unavailable</h1></body></html>\n"
    server.route(
      "/feed.json",
      reply: .respond(
        status: 200, headers: ["Content-Type": "text/html"], body: Array(page.utf8)))
    let error = await httpError(server.url("/feed.json"))
    #expect(error == .webPage(source: server.url("/feed.json"), feed: nil))
    #expect(error?.description.contains("a web page, not a feed, and it names none") == true)
  }

  @Test func twentyMegabytesOfOpeningBracketsStopAtTheDepthLimit() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/deep",
      reply: .respond(
        status: 200, headers: [:], body: [UInt8](repeating: UInt8(ascii: "["), count: 20 << 20))
    )
    let error = await httpError(server.url("/deep"), options: quickOptions(timeout: 10))
    #expect(
      error
        == .limitExceeded(
          source: server.url("/deep"), limit: .nestingDepth(256), location: "line 1, column 257"))
    #expect(error?.description.contains("LoadOptions.maxDepth") == true)
    // The client hung up soon after the first bytes, not after reading 20 MB.
    try await waitUntil { !server.heldOpen("/deep").isEmpty }
    let held = server.heldOpen("/deep")
    #expect(held.allSatisfy { $0 < .seconds(TimeBounds.scaled(15)) }, "\(held)")
  }

  @Test func endlessFeedStopsAtThePageLimitAndKeepsItsItems() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    // Every page has new items, so only the page limit ends it.
    for n in 1...5 { server.route("/p/\(n)", reply: .json(feedJSON(["item\(n)"]))) }
    var options = quickOptions()
    options.maxPages = 3
    let session = FeedSession(
      source: try FeedSource(argument: server.url("/p/{page}")), options: options)
    for _ in 1...3 {
      guard case .appended = await session.loadMore() else {
        Issue.record("a page within the limit did not load")
        return
      }
    }
    guard case .failed(let error) = await session.loadMore() else {
      Issue.record("page 4 loaded past the limit")
      return
    }
    #expect(
      error == .limitExceeded(source: server.url("/p/{page}"), limit: .pageCount(3), location: nil))
    #expect(error.description.contains("LoadOptions.maxPages"))
    #expect(await session.loadedIdentities == ["item1", "item2", "item3"])
  }

  /// Whether `text` holds a C0/C1 control, DEL or a bidirectional override: what must never
  /// reach the terminal from a message.
  static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || (0x202A...0x202E).contains($0.value)
        || (0x2066...0x2069).contains($0.value) || (0x200B...0x200F).contains($0.value)
        || [0x061C, 0x2028, 0x2029, 0xFEFF].contains($0.value)
    }
  }

  @Test func hostileRedirectTargetIsEscapedInTheMessage() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a", reply: .redirect(to: "ftp://x/\u{1b}]0;pwned\u{07}\u{202e}"))
    let error = try #require(await httpError(server.url("/a")))
    guard case .refusedLink = error else {
      Issue.record("expected refusedLink, got \(error)")
      return
    }
    #expect(!Self.hasControls(error.description))
    #expect(error.description.contains(#"ftp://x/\u{1b}]0;pwned\u{7}\u{202e}"#))
  }

  @Test func hostileNextLinkIsEscapedInTheMessage() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = #"{"next": "gopher://\u001b[2J\u009b31m", "data": [{"img": "a", "w": 1, "h": 1}]}"#
    try page.write(toFile: folder + "/1.json", atomically: true, encoding: .utf8)
    let session = FeedSession(source: .file(folder + "/1.json"))
    _ = await session.refresh()
    guard case .failed(let error) = await session.loadMore() else {
      Issue.record("expected the broken next link to fail")
      return
    }
    #expect(!Self.hasControls(error.description), "\(error.description)")
    #expect(error.description.contains(#"gopher://\u{1b}[2J\u{9b}31m"#))
  }

  @Test(arguments: [
    FeedError.network(url: "http://h/\u{1b}[2J", detail: "\u{7}bell"),
    .unreadable(source: "a\u{0}b", detail: "\u{85}next line"),
    .invalidArgument(argument: "\u{202e}txt.exe", detail: "x"),
    .notAFeed(source: "\u{1b}]0;title\u{7}", detail: "\u{2066}isolate\u{2069}"),
    .network(url: "http://exa\u{200B}mple.com/\u{FEFF}", detail: "a\u{2028}b\u{2029}c\u{061C}"),
  ])
  func everyErrorMessageEscapesControls(error: FeedError) {
    #expect(!Self.hasControls(error.description), "\(error.description)")
  }
}
