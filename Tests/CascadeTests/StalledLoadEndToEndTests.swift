import Foundation
import TestSupport
import Testing

/// The real binary against a loopback server that fails or goes away: one attempt, the error
/// on the status line, the items kept, and an idle process while it waits for the reader.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct StalledLoadEndToEndTests {
  let binary: String

  init() throws {
    let url = try #require(BuiltBinary.cascade, "the cascade binary was not found beside the tests")
    binary = url.path
  }

  /// A page of `count` items with ids `<name>-<i>`, and a `next` link if given.
  private static func page(_ name: String, count: Int = 30, next: String? = nil) -> String {
    let items = (1...count).map { i in
      #"{"id":"\#(name)-\#(i)","img":"https://example.com/\#(name)/\#(i).jpg","width":100,"height":\#(80 + i % 4 * 30),"title":"\#(name) \#(i)"}"#
    }
    let link = next.map { #","next":"\#($0)""# } ?? ""
    return #"{"data":[\#(items.joined(separator: ","))]\#(link)}"#
  }

  private func hits(_ server: TestHTTPServer, _ path: String) -> Int {
    server.requests.filter { $0.path == path }.count
  }

  @Test func aNextPageThatFailsIsTriedOnceAndTheBrowserIdles() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed", reply: .json(Self.page("one", next: "/two")))
    server.route("/two", reply: .status(500))
    let tmux = try TmuxSession(command: "'\(binary)' '\(server.url("/feed"))'")
    defer { tmux.close() }
    try await tmux.waitFor("30 items", timeout: 30)
    try await tmux.send("G")
    let (failed, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("error: ")
    }
    #expect(failed, "\(screen)")
    let pid = try #require(tmux.commandPID)
    let share = try #require(try await ProcessCPU.share(of: pid, over: 10))
    #expect(hits(server, "/two") == 1, "requests for page 2: \(hits(server, "/two"))")
    #expect(
      share < 0.05,
      "a stalled load-more used \(Int(share * 100)) % of a core over 10 s (\(hits(server, "/two")) requests)"
    )
    #expect(TmuxSession.statusLine(try await tmux.capture()).contains("30 items"))
  }

  @Test func aServerThatWentAwayShowsTheErrorAndKeepsTheItems() async throws {
    let server = try TestHTTPServer()
    server.route("/feed?page=1", reply: .json(Self.page("one")))
    let tmux = try TmuxSession(command: "'\(binary)' '\(server.url("/feed?page={page}"))'")
    defer { tmux.close() }
    try await tmux.waitFor("30 items", timeout: 30)
    server.stop()
    try await tmux.send("G")
    for _ in 0..<4 { try await tmux.send("j") }
    let (failed, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("error")
    }
    #expect(failed, "\(screen)")
    let pid = try #require(tmux.commandPID)
    let share = try #require(try await ProcessCPU.share(of: pid, over: 10))
    #expect(share < 0.05, "a stalled load-more used \(Int(share * 100)) % of a core over 10 s")
    // `r` tries again, once, and says why it failed; the items stay.
    try await tmux.send("r")
    let (refused, after) = try await tmux.waitFor(timeout: 30) {
      let status = TmuxSession.statusLine($0)
      return status.contains("error") && status.contains("page=1")
    }
    #expect(refused, "\(after)")
    #expect(TmuxSession.statusLine(after).contains("30 items"))
  }

  @Test func refreshAtTheBottomGoesBackToPageOneAndSaysSo() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed", reply: .json(Self.page("one", next: "/two")))
    server.route("/two", reply: .json(Self.page("two")))
    let tmux = try TmuxSession(command: "'\(binary)' '\(server.url("/feed"))'")
    defer { tmux.close() }
    try await tmux.waitFor("30 items", timeout: 30)
    try await tmux.send("G")
    #expect(
      try await tmux.waitFor(timeout: 30) { TmuxSession.statusLine($0).contains("60 items") }.0)
    try await tmux.send("G")
    try await tmux.send("r")
    let (refreshed, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("refreshed")
    }
    #expect(refreshed, "\(screen)")
    let status = TmuxSession.statusLine(screen)
    #expect(status.contains("30 items"), "\(screen)")
    #expect(status.contains(" 1-"), "\(screen)")
    #expect(hits(server, "/two") == 1)
  }
}
