import Foundation
import TestSupport
import Testing

/// `cascade` alone: the feeds followed, in one "all feeds" waterfall, with a feeds panel (`F`)
/// and what is new since the last visit marked and counted.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct FollowedFeedsEndToEndTests {
  /// An RSS feed of `titles`, newest first, a day apart from 2026-11-30 back.
  static func feed(_ titles: [String]) -> String {
    let items = titles.enumerated().map { index, title in
      "<item><title>\(title)</title><guid>\(title)</guid>"
        + "<pubDate>\(30 - index) Nov 2026 10:00:00 GMT</pubDate>"
        + "<description>Words of \(title).</description></item>"
    }
    return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Loopback</title>"
      + items.joined() + "</channel></rss>"
  }

  static let notes = """
    <?xml version="1.0"?>
    <rss version="2.0"><channel><title>Notes</title>
    <item><title>Old note</title><guid>n1</guid><pubDate>1 Jan 2020 10:00:00 GMT</pubDate>
      <description>An older post.</description></item>
    </channel></rss>
    """

  /// A visit to the feeds at `folder`'s config and state: waits for `expected` on screen,
  /// then runs `then` and quits.
  func visit(
    folder: String, expect expected: String,
    then: (TmuxSession, String) async throws -> Void = { _, _ in }
  ) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 2 --pictures off", width: 90, height: 24,
      environment: [
        "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state",
        "XDG_CACHE_HOME": folder + "/cache",
      ])
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(expected, timeout: 30)
    #expect(shown, "\(screen)")
    try await then(tmux, screen)
    try await tmux.send("q")
    let (ended, last) = try await tmux.waitFor("EXIT=", timeout: 30)
    #expect(ended && last.contains("EXIT=0"), "\(last)")
  }

  @Test func aSecondVisitAfterTheServerAddsTwoItemsSaysTwoNew() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try TestHTTPServer()
    defer { server.stop() }
    let rss = ["Content-Type": "application/rss+xml"]
    server.route(
      "/photos?token=s3cr3t",
      reply: .respond(status: 200, headers: rss, body: Array(Self.feed(["Two", "One"]).utf8)))
    try FileManager.default.createDirectory(
      atPath: folder + "/config/cascade", withIntermediateDirectories: true)
    try Self.notes.write(toFile: folder + "/notes.xml", atomically: true, encoding: .utf8)
    try "\(server.url("/photos?token=s3cr3t")) Loopback photos\n\(folder)/notes.xml\n"
      .write(toFile: folder + "/config/cascade/feeds", atomically: true, encoding: .utf8)

    // The first visit: every item is shown, none is new (there was no visit before).
    try await visit(folder: folder, expect: "3 items") { tmux, screen in
      #expect(!screen.contains(" new"), "\(screen)")
      #expect(screen.contains("all feeds"), "\(screen)")
      try await tmux.send("F")
      let (panel, shown) = try await tmux.waitFor("Loopback photos", timeout: 30)
      #expect(panel && shown.contains("Notes"), "\(shown)")
      // q there goes back to the waterfall, as in newsboat's lists; Esc too.
      try await tmux.send("q")
      #expect(try await tmux.waitFor(timeout: 30) { !$0.contains("shows its items") }.0)
    }
    let seenPath = folder + "/state/cascade/seen.json"
    let seen = try String(contentsOfFile: seenPath, encoding: .utf8)
    #expect(!seen.contains("127.0.0.1") && !seen.contains("s3cr3t") && !seen.contains("One"))
    let mode = try FileManager.default.attributesOfItem(atPath: seenPath)[.posixPermissions]
    #expect((mode as? Int) == 0o600)

    server.route(
      "/photos?token=s3cr3t",
      reply: .respond(
        status: 200, headers: rss, body: Array(Self.feed(["Four", "Three", "Two", "One"]).utf8)))
    // The second: the two items the server added are new, counted in the status line, marked
    // on their boxes, counted in the feeds panel; Enter there shows that feed alone.
    try await visit(folder: folder, expect: "2 new") { tmux, screen in
      #expect(screen.contains("5 items"), "\(screen)")
      #expect(screen.contains("new Loopback photos"), "\(screen)")
      // Newest first: Four (30 Nov) before the note of 2020.
      let four = try #require(screen.range(of: "Four"))
      let old = try #require(screen.range(of: "Old note"), "\(screen)")
      #expect(four.lowerBound < old.lowerBound, "\(screen)")
      try await tmux.send("F")
      let (panel, shown) = try await tmux.waitFor(timeout: 30) {
        $0.contains("Loopback photos") && $0.contains("2 new ") && $0.contains("shows its items")
      }
      #expect(panel, "\(shown)")
      try await tmux.send("Enter")
      let (narrowed, one) = try await tmux.waitFor("Loopback photos: 4 items", timeout: 30)
      #expect(narrowed && !one.contains("Old note"), "\(one)")
      #expect(try await tmux.escape { $0.contains("showing all 5 items") }.0)
      // An item a refresh brings is new too.
      server.route(
        "/photos?token=s3cr3t",
        reply: .respond(
          status: 200, headers: rss,
          body: Array(Self.feed(["Five", "Four", "Three", "Two", "One"]).utf8)))
      try await tmux.send("r")
      let (refreshed, after) = try await tmux.waitFor("6 items  3 new", timeout: 30)
      #expect(refreshed, "\(after)")
    }
    // A third visit with nothing added has nothing new: what the refresh brought was recorded
    // as seen when the browser ended.
    try await visit(folder: folder, expect: "6 items") { _, screen in
      #expect(!screen.contains(" new"), "\(screen)")
    }
  }

  /// The next visit asks each server only whether its feed changed, from the pages the visit
  /// before kept on disk: an unchanged feed costs a `304` and still shows its items. A feed
  /// whose address holds a token is read whole, its page never written.
  @Test func aSecondVisitAsksEachServerWhetherItsFeedChanged() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try TestHTTPServer()
    defer { server.stop() }
    for (path, tag, titles) in [
      ("/plain.xml", #""p1""#, ["Plain two", "Plain one"]),
      ("/private?token=s3cr3t", #""s1""#, ["Private"]),
    ] {
      server.route(path) { request in
        guard request.headers["if-none-match"] != tag else {
          return .respond(status: 304, headers: ["ETag": tag], body: [])
        }
        return .respond(
          status: 200, headers: ["Content-Type": "application/rss+xml", "ETag": tag],
          body: Array(Self.feed(titles).utf8))
      }
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/config/cascade", withIntermediateDirectories: true)
    try "\(server.url("/plain.xml")) Plain\n\(server.url("/private?token=s3cr3t")) Private\n"
      .write(toFile: folder + "/config/cascade/feeds", atomically: true, encoding: .utf8)

    try await visit(folder: folder, expect: "3 items")
    let pages = folder + "/cache/cascade/feeds"
    let names = try FileManager.default.contentsOfDirectory(atPath: pages)
    #expect(names.count == 1 && names.allSatisfy { $0.utf8.count == 64 }, "\(names)")
    for name in names {
      let text = String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: pages + "/" + name)), as: UTF8.self)
      #expect(text.contains("Plain two") && !text.contains("s3cr3t") && !text.contains("Private"))
      let mode = try FileManager.default.attributesOfItem(atPath: pages + "/" + name)[
        .posixPermissions]
      #expect((mode as? Int) == 0o600)
    }

    try await visit(folder: folder, expect: "3 items") { _, screen in
      #expect(screen.contains("Plain two") && screen.contains("Private"), "\(screen)")
    }
    let asked = server.requests.map { ($0.path, $0.headers["if-none-match"]) }
    let plain = asked.filter { $0.0 == "/plain.xml" }.map(\.1)
    let secret = asked.filter { $0.0 != "/plain.xml" }.map(\.1)
    #expect(plain == [nil, #""p1""#], "\(asked)")
    #expect(secret == [nil, nil], "\(asked)")

    // With its server down, the feed shows its items as last read, its error in the panel.
    server.route("/plain.xml", reply: .status(503))
    try await visit(folder: folder, expect: "3 items") { tmux, screen in
      #expect(screen.contains("Plain two") && screen.contains("Private"), "\(screen)")
      try await tmux.send("F")
      let (panel, shown) = try await tmux.waitFor("the server answered", timeout: 30)
      #expect(panel && !shown.contains("plain.xml: the server"), "\(shown)")
      try await tmux.send("q")
      #expect(try await tmux.waitFor(timeout: 30) { !$0.contains("shows its items") }.0)
    }
  }

  /// A feed whose server keeps the others waiting does not hold the opening: after the
  /// patience the others are shown, the feeds panel says it is still loading, and its items
  /// are added when it answers. Its server is held until the test lets it go.
  @Test func aSlowFeedIsAddedWhenItComes() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try TestHTTPServer()
    defer { server.stop() }
    let rss = ["Content-Type": "application/rss+xml"]
    server.route(
      "/quick.xml",
      reply: .respond(status: 200, headers: rss, body: Array(Self.feed(["Quick"]).utf8)))
    let gate = Gate()
    defer { gate.open() }
    server.route("/slow.xml") { _ in
      gate.wait()
      return .respond(status: 200, headers: rss, body: Array(Self.feed(["Slowpoke"]).utf8))
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/config/cascade", withIntermediateDirectories: true)
    try "\(server.url("/quick.xml")) Quick\n\(server.url("/slow.xml")) Slow\n"
      .write(toFile: folder + "/config/cascade/feeds", atomically: true, encoding: .utf8)
    try await visit(folder: folder, expect: "1 feed still loading") { tmux, screen in
      #expect(screen.contains("Quick") && !screen.contains("Slowpoke"), "\(screen)")
      try await tmux.send("F")
      // The row names the feed; its error says what went wrong, the address left out.
      let (panel, shown) = try await tmux.waitFor("still loading (no answer", timeout: 30)
      #expect(panel && !shown.contains("slow.xml: still"), "\(shown)")
      try await tmux.send("q")
      #expect(try await tmux.waitFor(timeout: 30) { !$0.contains("shows its items") }.0)
      gate.open()
      let (added, after) = try await tmux.waitFor("every feed loaded: 2 items", timeout: 30)
      #expect(added && after.contains("Slowpoke"), "\(after)")
      #expect(server.requests.filter { $0.path == "/slow.xml" }.count == 1)
    }
  }
}
