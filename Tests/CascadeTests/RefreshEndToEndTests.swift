import Foundation
import Locking
import TestSupport
import Testing

/// `R` over followed feeds on a loopback server: each is asked only whether it changed, an
/// unchanged one costs a `304` and keeps its items, a changed one brings what is new; and
/// `--last` opens the followed feeds again.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct RefreshEndToEndTests {
  @Test func capitalRAsksEachFeedWhetherItChangedAndShowsWhatIsNew() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try TestHTTPServer()
    defer { server.stop() }
    // Each feed's items and the version its ETag names.
    let feeds = Locked(["/a": (["Apple"], 1), "/b": (["Banana"], 1)])
    for path in ["/a", "/b"] {
      server.route(path) { request in
        let (titles, version) = feeds.withLock { $0[path] ?? ([], 0) }
        let tag = "\"\(path.dropFirst())\(version)\""
        guard request.headers["if-none-match"] != tag else {
          return .respond(status: 304, headers: ["ETag": tag], body: [])
        }
        return .respond(
          status: 200, headers: ["Content-Type": "application/rss+xml", "ETag": tag],
          body: Array(FollowedFeedsEndToEndTests.feed(titles).utf8))
      }
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/config/cascade", withIntermediateDirectories: true)
    try "\(server.url("/a")) Fruit A\n\(server.url("/b")) Fruit B\n"
      .write(toFile: folder + "/config/cascade/feeds", atomically: true, encoding: .utf8)
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let environment = [
      "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state",
    ]
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 2 --pictures off", width: 90, height: 24,
      environment: environment)
    defer { tmux.close() }
    #expect(try await tmux.waitFor("2 items", timeout: 30).0)

    // Nothing changed: both are asked with their ETags, answer 304, and keep their items.
    try await tmux.send("R")
    let (unchanged, kept) = try await tmux.waitFor("refreshed: 2 items", timeout: 30)
    #expect(unchanged && kept.contains("Apple") && kept.contains("Banana"), "\(kept)")
    let asked = server.requests.suffix(2).map { "\($0.path) \($0.headers["if-none-match"] ?? "")" }
    #expect(asked.sorted() == [#"/a "a1""#, #"/b "b1""#])

    // A new item: read whole, and counted as new.
    feeds.withLock { $0["/a"] = (["Cherry", "Apple"], 2) }
    try await tmux.send("R")
    let (changed, after) = try await tmux.waitFor("3 items  1 new", timeout: 30)
    #expect(changed && after.contains("Cherry"), "\(after)")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)

    // `--last` opens the followed feeds again, not the sample.
    let last = try TmuxSession(
      command: "'\(binary)' --last --columns 2 --pictures off", width: 90, height: 24,
      environment: environment)
    defer { last.close() }
    let (reopened, screen) = try await last.waitFor("3 items", timeout: 30)
    #expect(reopened && screen.contains("all feeds") && screen.contains("Cherry"), "\(screen)")
  }

  /// A feed opened again with its server down shows its items as the last visit kept them,
  /// and says why: nothing the reader saw yesterday is lost to a server that is down today.
  @Test func aFeedWhoseServerIsDownOpensAsLastRead() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try TestHTTPServer()
    defer { server.stop() }
    let up = Locked(true)
    server.route("/photos.xml") { _ in
      guard up.withLock({ $0 }) else { return .status(503) }
      return .respond(
        status: 200, headers: ["Content-Type": "application/rss+xml", "ETag": #""p""#],
        body: Array(FollowedFeedsEndToEndTests.feed(["Harbour", "Lighthouse"]).utf8))
    }
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let command = "'\(binary)' '\(server.url("/photos.xml"))' --columns 2 --pictures off"
    let environment = ["XDG_CACHE_HOME": folder + "/cache", "XDG_STATE_HOME": folder + "/state"]
    for serverUp in [true, false] {
      up.withLock { $0 = serverUp }
      let tmux = try TmuxSession(
        command: command, width: 100, height: 24, environment: environment)
      defer { tmux.close() }
      let (shown, screen) = try await tmux.waitFor("2 items", timeout: 30)
      #expect(shown && screen.contains("Harbour") && screen.contains("Lighthouse"), "\(screen)")
      if !serverUp {
        // The status line says it first; `m` shows the message whole.
        let (said, last) = try await tmux.waitFor("shown as last read", timeout: 30)
        #expect(said, "\(last)")
        try await tmux.send("m")
        let (whole, messages) = try await tmux.waitFor(timeout: 30) {
          $0.contains("shown as last read") && $0.contains("503")
        }
        #expect(whole, "\(messages)")
        #expect(try await tmux.escape { !$0.contains("any key closes") }.0)
      }
      try await tmux.send("q")
      #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
    }
  }
}
