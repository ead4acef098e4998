import Foundation
import Locking
import TestSupport
import Testing

@testable import Transport

/// Redirects are followed one hop at a time, and every broken one is named.
@Suite struct RedirectTests {
  func fetchError(
    _ routes: [String: TestHTTPServer.Reply], limits: TransferLimits = TransferLimits()
  ) async throws -> (TransferError?, TestHTTPServer) {
    let server = try TestHTTPServer()
    for (path, reply) in routes { server.route(path, reply: reply) }
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    do {
      _ = try await transport.fetch(
        TransferRequest(url: server.url("/a"), userAgent: "test", limits: limits))
      return (nil, server)
    } catch {
      return (error, server)
    }
  }

  /// Origin headers (a key given for one site) go with every hop that stays at the request's
  /// origin and with none that leaves it: libcurl itself keeps custom headers across hosts.
  @Test func originHeadersStayWithTheirSite() async throws {
    let site = try TestHTTPServer()
    let other = try TestHTTPServer()
    defer {
      site.stop()
      other.stop()
    }
    let seen = Locked<[String: String]>([:])
    func record(_ server: TestHTTPServer, _ path: String, then reply: TestHTTPServer.Reply) {
      server.route(path) { request in
        seen.withLock { $0[path] = request.headers["x-api-key"] ?? "none" }
        return reply
      }
    }
    record(site, "/a", then: .redirect(to: "/b"))
    record(site, "/b", then: .redirect(to: other.url("/c")))
    record(other, "/c", then: .json("[1]"))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let request = TransferRequest(
      url: site.url("/a"), userAgent: "t", headers: ["X-Plain: 1"],
      originHeaders: ["X-Api-Key: secret"])
    let fetched = try await transport.fetch(request)
    #expect(fetched.bytes == Array("[1]".utf8))
    #expect(seen.withLock { $0 } == ["/a": "secret", "/b": "secret", "/c": "none"])
    #expect(TransferOrigin.same("https://a.example/x", "HTTPS://A.example:443/y"))
    #expect(!TransferOrigin.same("https://a.example/x", "http://a.example/x"))
    #expect(!TransferOrigin.same("https://a.example/x", "https://a.example:8443/x"))
    #expect(!TransferOrigin.same("file:///x", "file:///x"))
  }

  @Test func chainEndsAtTheFinalAddress() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/a", reply: .redirect(to: "/b", status: 301))
    server.route("/b", reply: .redirect(to: server.url("/c"), status: 308))
    server.route("/c", reply: .json("[1]"))
    let transport = try #require(Transport())
    defer { transport.shutdown() }
    let fetched = try await transport.fetch(TransferRequest(url: server.url("/a"), userAgent: "t"))
    #expect(fetched.response.url == server.url("/c"))
    #expect(fetched.response.header("content-type") == "application/json")
    #expect(fetched.bytes == Array("[1]".utf8))
  }

  @Test(arguments: [
    TestHTTPServer.Reply.respond(status: 302, headers: [:], body: []),
    .redirect(to: "::::"),
    .redirect(to: ""),
    .redirect(to: "1http://x/"),
  ])
  func redirectWithoutAUsableLocationSaysSo(reply: TestHTTPServer.Reply) async throws {
    let (error, server) = try await fetchError(["/a": reply])
    defer { server.stop() }
    #expect(error == .redirectWithoutLocation(url: server.url("/a"), status: 302))
    #expect(
      error?.description.contains(
        "the server redirected (HTTP 302) without a usable Location header") == true)
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "FILE:/etc/passwd"])
  func redirectToAnotherSchemeIsRefused(target: String) async throws {
    let (error, server) = try await fetchError(["/a": .redirect(to: target)])
    defer { server.stop() }
    #expect(error == .refusedScheme(url: server.url("/a"), target: target))
  }

  @Test func loopIsNamed() async throws {
    let (error, server) = try await fetchError([
      "/a": .redirect(to: "/b"), "/b": .redirect(to: "/a"),
    ])
    defer { server.stop() }
    #expect(error == .redirectLoop(url: server.url("/a"), repeated: server.url("/a")))
  }

  @Test func oneRedirectTooManyIsAnError() async throws {
    var routes: [String: TestHTTPServer.Reply] = ["/a": .redirect(to: "/1")]
    for hop in 1..<4 { routes["/\(hop)"] = .redirect(to: "/\(hop + 1)") }
    routes["/4"] = .json("[]")
    let (tooMany, server) = try await fetchError(routes, limits: TransferLimits(maxRedirects: 3))
    defer { server.stop() }
    #expect(tooMany == .tooManyRedirects(url: server.url("/a"), limit: 3))
    let (enough, other) = try await fetchError(routes, limits: TransferLimits(maxRedirects: 4))
    defer { other.stop() }
    #expect(enough == nil)
  }

  @Test(arguments: [
    (nil, nil, RedirectTarget.unusable),
    ("/x", "http://h/x", .follow("http://h/x")),
    ("mailto:a@b", nil, .refused("mailto:a@b")),
    ("a/b:c", "http://h/a/b:c", .follow("http://h/a/b:c")),
    (":x", "http://h/:x", .unusable),
    ("x", "gopher://h/x", .unusable),
  ])
  func targetIsJudgedFromTheHeaderAsSent(
    location: String?, resolved: String?, expected: RedirectTarget
  ) {
    #expect(RedirectTarget.resolve(location: location, resolved: resolved) == expected)
  }
}
