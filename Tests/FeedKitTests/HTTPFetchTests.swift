import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedKit

/// Options with short limits, so failures show up in seconds. Tests that wait for a timeout
/// name theirs; the default only has to let a loopback answer through, which under a
/// sanitizer on a loaded machine took more than the one second it once was (the thread
/// sanitizer's run failed a redirect chain and a paged feed on it).
func quickOptions(timeout: Double = TimeBounds.scaled(2)) -> LoadOptions {
  var options = LoadOptions()
  options.timeout = timeout
  return options
}

/// Loads page 1 of `url` and returns the error, failing the test when it loads.
func httpError(_ url: String, options: LoadOptions = quickOptions()) async -> FeedError? {
  await loadError { () throws(FeedError) in
    _ = try await FeedLoader(options: options).load(FeedSource(argument: url))
  }
}

@Suite struct HTTPFetchTests {
  @Test func loadsFeedAndSendsUserAgent() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed.json", reply: .json(feedJSON(["a", "b", "c"])))
    let document = try await FeedLoader().load(FeedSource(argument: server.url("/feed.json")))
    #expect(document.items.map(\.identity) == ["a", "b", "c"])
    let request = try #require(server.requests.first)
    #expect(request.headers["user-agent"] == "Cascade/\(CascadeVersion.string)")
    #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
  }

  @Test func gzipBodyIsDecoded() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = Gzip.wrap(Array(feedJSON(["z"]).utf8))
    server.route(
      "/feed.json", reply: .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: body))
    let document = try await FeedLoader().load(.url(server.url("/feed.json")))
    #expect(document.items.map(\.identity) == ["z"])
  }

  @Test(arguments: [404, 500, 403, 503, 429])
  func errorStatusNamesStatusAndURL(status: Int) async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed.json", reply: .status(status))
    let error = await httpError(server.url("/feed.json"))
    #expect(error == .httpStatus(url: server.url("/feed.json"), status: status))
    #expect(error?.description.contains("HTTP \(status)") == true)
    // Too many requests is not a wrong address: it passes.
    #expect(error?.description.contains("check the URL") == (status < 500 && status != 429))
  }

  @Test func redirectChainIsFollowed() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a", reply: .redirect(to: server.url("/b"), status: 301))
    server.route("/b", reply: .redirect(to: "/c", status: 302))
    server.route("/c", reply: .redirect(to: "d.json", status: 307))
    server.route("/d.json", reply: .json(feedJSON(["x"])))
    let page = try await FeedLoader().loadPage(.url(server.url("/a")))
    #expect(page.document.items.map(\.identity) == ["x"])
    #expect(page.location == .url(server.url("/d.json")))
    #expect(server.requests.map(\.path) == ["/a", "/b", "/c", "/d.json"])
  }

  /// Relative picture addresses and links are the document's, and the document is where the
  /// redirects ended: they were resolved against the address asked for (pictures 404, links
  /// not opened).
  @Test func relativeAddressesResolveAgainstThePageAfterRedirects() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/old/feed.xml", reply: .redirect(to: "/f/feed.xml", status: 301))
    let rss = """
      <rss><channel><title>moved</title>
      <item><title>a</title><link>/posts/1.html</link>
        <enclosure url="image/a.png" type="image/png"/></item>
      <item><title>b</title><link>https://elsewhere.example/b</link>
        <enclosure url="//cdn.example/b.png" type="image/png"/></item>
      <item><title>c</title><enclosure url="https://abs.example/c.png" type="image/png"/></item>
      </channel></rss>
      """
    server.route(
      "/f/feed.xml",
      reply: .respond(
        status: 200, headers: ["Content-Type": "application/rss+xml"], body: Array(rss.utf8)))
    let document = try await FeedLoader().load(.url(server.url("/old/feed.xml")))
    let scheme = try #require(server.url("/").split(separator: ":").first)
    #expect(
      document.items.map(\.imageURL) == [
        server.url("/f/image/a.png"), "\(scheme)://cdn.example/b.png", "https://abs.example/c.png",
      ])
    #expect(
      document.items.map(\.link) == [
        server.url("/posts/1.html"), "https://elsewhere.example/b", nil,
      ])
  }

  /// A feed's `xml:base` is relative to the page where the redirects ended too; one that names
  /// a local file is ignored, as every way from the network to a file is.
  @Test func xmlBaseResolvesAgainstThePageAfterRedirects() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/old/feed.xml", reply: .redirect(to: "/f/feed.xml", status: 301))
    let atom = """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="pics/">
      <entry><id>a</id><link rel="enclosure" type="image/png" href="a.png"/></entry>
      <entry xml:base="file:///etc/"><id>b</id><link href="passwd"/>
        <link rel="enclosure" type="image/png" href="b.png"/></entry>
      </feed>
      """
    server.route(
      "/f/feed.xml",
      reply: .respond(
        status: 200, headers: ["Content-Type": "application/atom+xml"], body: Array(atom.utf8)))
    let document = try await FeedLoader().load(.url(server.url("/old/feed.xml")))
    #expect(
      document.items.map(\.imageURL) == [server.url("/f/pics/a.png"), server.url("/f/pics/b.png")])
    #expect(document.items.map(\.link) == [nil, server.url("/f/pics/passwd")])
  }

  /// The same for a classic document decoded as it streams, its items handed out a read at a
  /// time.
  @Test func streamedItemsResolveAgainstThePageAfterRedirects() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a/feed.json", reply: .redirect(to: "/b/feed.json"))
    let items = (1...3).map {
      #"{"img": "p/\#($0).jpg", "w": 4, "h": 3, "link": "../post/\#($0)"}"#
    }
    server.route("/b/feed.json", reply: .json(#"{"data": [\#(items.joined(separator: ","))]}"#))
    let taken = Locked<[FeedItem]>([])
    let page = try await FeedLoader().loadPage(.url(server.url("/a/feed.json"))) { items in
      taken.withLock { $0 += items }
    }
    let all = taken.withLock { $0 } + page.document.items
    #expect(all.map(\.imageURL) == (1...3).map { server.url("/b/p/\($0).jpg") })
    #expect(all.map(\.link) == (1...3).map { server.url("/post/\($0)") })
  }

  /// A blog's address pasted where its feed goes: the page names its feed, which is read
  /// instead, its relative addresses against the feed's own address; once only, and only over
  /// http(s).
  @Test func aWebPageThatNamesItsFeedIsReadThroughThatFeed() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    func html(_ head: String) -> TestHTTPServer.Reply {
      .respond(
        status: 200, headers: ["Content-Type": "text/html"],
        body: Array("<!DOCTYPE html><html><head>\(head)</head><body>…</body></html>".utf8))
    }
    let link = #"<link rel="alternate" type="application/rss+xml" title="RSS" href="#
    server.route("/blog/", reply: html(link + #""feed/">"#))
    let rss =
      #"<rss><channel><item><enclosure url="a.jpg" type="image/jpeg"/></item></channel></rss>"#
    server.route("/blog/feed/", reply: .respond(status: 200, headers: [:], body: Array(rss.utf8)))
    let page = try await FeedLoader().loadPage(.url(server.url("/blog/")))
    #expect(page.document.items.map(\.imageURL) == [server.url("/blog/feed/a.jpg")])
    #expect(page.location == .url(server.url("/blog/feed/")))

    // A page that names a page that names a page: the second is not followed.
    server.route("/loop", reply: html(link + #""/loop2">"#))
    server.route("/loop2", reply: html(link + #""/loop">"#))
    #expect(
      await httpError(server.url("/loop")) == .webPage(source: server.url("/loop2"), feed: "/loop"))
    // A page that names a local file: refused, as every link from the network is.
    server.route("/local", reply: html(link + #""file:///etc/passwd">"#))
    guard case .refusedLink? = await httpError(server.url("/local")) else {
      Issue.record("a network page made Cascade follow a file link")
      return
    }
  }

  /// A Latin-1 feed that declares no encoding, served as `charset=ISO-8859-1`: read as the
  /// server says (every accent was a U+FFFD). A document that declares its own is left to it.
  @Test func theServersCharsetReadsADocumentThatNamesNone() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value) } }
    let rss =
      "<rss><channel><title>Café Müller</title><item><title>Ærø</title>"
      + #"<enclosure url="https://h.example/1.jpg" type="image/jpeg"/></item></channel></rss>"#
    server.route(
      "/bare.xml",
      reply: .respond(
        status: 200, headers: ["Content-Type": #"application/rss+xml; charset="ISO-8859-1""#],
        body: latin1(rss)))
    server.route(
      "/declared.xml",
      reply: .respond(
        status: 200, headers: ["Content-Type": "text/xml;charset=windows-1252"],
        body: latin1("<?xml version='1.0' ?>\n" + rss)))
    let bare = try await FeedLoader().load(.url(server.url("/bare.xml")))
    #expect(bare.title == "Café Müller")
    #expect(bare.items.map(\.title) == ["Ærø"])
    let declared = try await FeedLoader().load(.url(server.url("/declared.xml")))
    #expect(declared.title == "Café Müller")
    #expect(NetworkReader.charset(ofContentType: "text/html") == nil)
    #expect(NetworkReader.charset(ofContentType: "text/xml; Charset = 'UTF-8' ") == "utf-8")
  }

  @Test func redirectLoopIsAnError() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a", reply: .redirect(to: "/b"))
    server.route("/b", reply: .redirect(to: "/a"))
    let error = await httpError(server.url("/a"))
    #expect(error == .redirectLoop(url: server.url("/a"), repeated: server.url("/a")))
  }

  @Test func tooManyRedirectsIsAnError() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    for hop in 0..<5 { server.route("/\(hop)", reply: .redirect(to: "/\(hop + 1)")) }
    server.route("/5", reply: .json(feedJSON(["x"])))
    var options = quickOptions()
    options.maxRedirects = 3
    #expect(
      await httpError(server.url("/0"), options: options)
        == .tooManyRedirects(url: server.url("/0"), limit: 3))
    options.maxRedirects = 5
    #expect(await httpError(server.url("/0"), options: options) == nil)
  }

  @Test func redirectToAnotherSchemeIsRefused() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a", reply: .redirect(to: "ftp://127.0.0.1/feed.json"))
    guard case .refusedLink = await httpError(server.url("/a")) else {
      Issue.record("expected refusedLink")
      return
    }
  }

  @Test func bodyOverCapIsAnErrorByContentLength() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/big", reply: .json(String(repeating: " ", count: 10_000) + "[]"))
    var options = quickOptions()
    options.maxBytes = 4096
    #expect(
      await httpError(server.url("/big"), options: options)
        == .limitExceeded(source: server.url("/big"), limit: .bodySize(4096), location: nil))
  }

  @Test func bodyOverCapIsAnErrorWhileStreaming() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = Array((String(repeating: " ", count: 200_000) + "[]").utf8)
    server.route("/big", reply: .chunked(body: body, headers: [:]))
    var options = quickOptions()
    options.maxBytes = 50_000
    #expect(
      await httpError(server.url("/big"), options: options)
        == .limitExceeded(source: server.url("/big"), limit: .bodySize(50_000), location: nil))
    options.maxBytes = 300_000
    #expect(await httpError(server.url("/big"), options: options) == nil)
  }

  @Test func gzipBombIsCappedAfterDecoding() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = Gzip.wrap(Array((String(repeating: " ", count: 100_000) + "[]").utf8))
    server.route(
      "/gz", reply: .chunked(body: body, headers: ["Content-Encoding": "gzip"]))
    var options = quickOptions()
    options.maxBytes = 50_000
    guard
      case .limitExceeded(_, .bodySize(50_000), _) = await httpError(
        server.url("/gz"), options: options)
    else {
      Issue.record("expected the body cap")
      return
    }
  }

  @Test func serverThatNeverAnswersTimesOut() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/slow", reply: .silence)
    let error = await httpError(server.url("/slow"), options: quickOptions(timeout: 0.5))
    #expect(error == .timedOut(url: server.url("/slow"), seconds: 0.5))
    // The client hung up before the default timeout could have fired, as the server saw it
    // (the transfer's own thread times it, whatever the test's tasks wait for). The error
    // above already names the half second that fired; a loaded machine may stretch the hang-up
    // by seconds, so the bound is the one thing it must rule out.
    try await waitUntil { !server.heldOpen("/slow").isEmpty }
    let held = server.heldOpen("/slow")
    let fallback = Duration.seconds(LoadOptions().timeout)
    #expect(held.count == 1 && held.allSatisfy { $0 < fallback }, "\(held)")
  }

  @Test func stallAfterHeadersTimesOut() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/stall", reply: .stallAfter(body: Array("[".utf8), declaredLength: 100))
    let error = await httpError(server.url("/stall"), options: quickOptions(timeout: 0.5))
    #expect(error == .timedOut(url: server.url("/stall"), seconds: 0.5))
  }

  @Test func totalTimeLimitStopsALoad() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/slow", reply: .silence)
    var options = quickOptions(timeout: 5)
    options.totalTime = 0.3
    let error = await httpError(server.url("/slow"), options: options)
    #expect(
      error == .limitExceeded(source: server.url("/slow"), limit: .totalTime(0.3), location: nil))
  }

  @Test func serverClosingMidBodyIsAnError() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let body = Array(feedJSON(["a", "b"]).utf8)
    server.route(
      "/cut", reply: .closeMidBody(declaredLength: body.count, body: Array(body[0..<20])))
    guard case .network(let url, let detail) = await httpError(server.url("/cut")) else {
      Issue.record("expected a network error")
      return
    }
    #expect(url == server.url("/cut"))
    #expect(detail.contains("closed"))
  }

  @Test func refusedConnectionIsANetworkError() async throws {
    let server = try TestHTTPServer()
    let url = server.url("/feed.json")
    server.stop()
    guard case .network(url, _) = await httpError(url) else {
      Issue.record("expected a network error")
      return
    }
  }

  @Test func cancellingTheTaskStopsTheLoad() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/slow", reply: .silence)
    let url = server.url("/slow")
    // The silent server's timeout far past the cancel: with 10 s, a test resumed late from its
    // sleep (a parallel run can hold the cooperative threads for longer) saw the timeout.
    let task = Task { await httpError(url, options: quickOptions(timeout: 600)) }
    try await Task.sleep(for: .milliseconds(200))
    task.cancel()
    #expect(await task.value == .cancelled(source: url))
  }

  @Test func malformedJSONOverHTTPNamesTheURL() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/bad", reply: .json("{\"data\": [}"))
    guard
      case .malformed("JSON", let source, "line 1, column 11", _) = await httpError(
        server.url("/bad"))
    else {
      Issue.record("expected malformed JSON")
      return
    }
    #expect(source == server.url("/bad"))
  }
}
