import Foundation
import TestSupport
import Testing

/// A slow first load shows a progress bar on standard error when that is a terminal.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct ProgressEndToEndTests {
  /// A feed of 40 items at `path`, dripped a few bytes at a time for several seconds.
  private static func drippedFeed(_ server: TestHTTPServer, at path: String) {
    let items = (1...40).map { #"{"img":"https://example.com/\#($0).jpg","w":10,"h":10}"# }
    let body = Array(#"{"data":[\#(items.joined(separator: ","))]}"#.utf8)
    server.route(path, reply: .drip(body: body, interval: 0.004))
  }

  @Test func layoutShowsHowFarASlowLoadHasGot() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.drippedFeed(server, at: "/feed")
    let tmux = try TmuxSession(
      command: "'\(binary)' layout '\(server.url("/feed"))' --width 100 > /dev/null")
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 30) {
      $0.contains("cascade: loading") && $0.contains("% ") && $0.contains(" KiB of ")
    }
    #expect(shown, "\(screen)")
    let (ended, after) = try await tmux.waitFor("EXIT=0", timeout: 60)
    #expect(ended, "\(after)")
    #expect(!after.contains("cascade: loading"), "the line is wiped once loaded: \(after)")
  }

  /// In a narrow terminal with a long URL the line is cut to fit, so that it stays on one row
  /// and is wiped whole: a wrapped line left its first row on the screen after the load.
  @Test func theProgressLineFitsANarrowTerminal() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    let path = "/" + String(repeating: "a-long-folder-name/", count: 4) + "feed.json"
    Self.drippedFeed(server, at: path)
    let tmux = try TmuxSession(
      command: "'\(binary)' layout '\(server.url(path))' --width 100 > /dev/null", width: 60)
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 30) { screen in
      screen.split(separator: "\n").contains {
        $0.contains("cascade: loading") && $0.contains("% ")
      }
    }
    #expect(shown, "the bar is on the label's row: \(screen)")
    let (ended, after) = try await tmux.waitFor("EXIT=0", timeout: 60)
    #expect(ended, "\(after)")
    #expect(!after.contains("cascade: loading"), "the line is wiped whole: \(after)")
    #expect(!after.contains("a-long-folder"), "no row of it is left: \(after)")
  }

  /// A feed whose first item comes only after about 4.5 seconds of padding, and the rest after
  /// as long again, ten bytes every 30 ms: the browser waits for the first item before it takes
  /// the terminal.
  ///
  /// Ten bytes a step rather than one every 3 ms: each sleep overruns under load, and three
  /// thousand of them made the load last over 30 s on a busy machine (the test gave up at 98 %).
  private static func slowFeed(_ server: TestHTTPServer) {
    let items = (1...30).map { #"{"img":"https://example.com/\#($0).jpg","w":10,"h":10}"# }
    let padding = String(repeating: " ", count: 1_500)
    let body = Array(#"\#(padding){"data":[\#(items.joined(separator: ","))]}"#.utf8)
    server.route("/feed", reply: .paced(body: body, chunk: 10, interval: 0.03) { _, _ in })
  }

  @Test func keysTypedWhileTheFeedStallsAreNotEchoed() async throws {
    // A stalled load never redraws its progress line, which would otherwise wipe the echo.
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    let start = Array(#"{"data": ["#.utf8)
    server.route("/feed", reply: .stallAfter(body: start, declaredLength: 5_000))
    let tmux = try TmuxSession(
      command: "'\(binary)' '\(server.url("/feed"))' --pictures off", width: 200)
    defer { tmux.close() }
    let (loading, screen) = try await tmux.waitFor(timeout: 30) { $0.contains("cascade: loading") }
    #expect(loading, "\(screen)")
    try await tmux.type("zyx")
    try await Task.sleep(for: .milliseconds(600))
    let typed = try await tmux.capture()
    #expect(typed.contains("cascade: loading") && !typed.contains("zyx"), "\(typed)")
    let pid = try #require(tmux.commandPID)
    #expect(MainThreadSignal.send(SIGTERM, to: pid))
    let (ended, after) = try await tmux.waitFor("TTY=", timeout: 30)
    #expect(ended && after.contains("EXIT=143") && after.contains("TTY=echo"), "\(after)")
  }

  /// With pictures on, the terminal probe runs after the load, and reads the typed keys along
  /// with its answers: it hands them on (they were lost).
  @Test(arguments: ["off", "symbols"])
  func keysTypedWhileTheBrowserLoadsReachIt(pictures: String) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.slowFeed(server)
    let tmux = try TmuxSession(
      command: "'\(binary)' '\(server.url("/feed"))' --pictures \(pictures) --columns 2")
    defer { tmux.close() }
    let (loading, screen) = try await tmux.waitFor(timeout: 30) { $0.contains("cascade: loading") }
    #expect(loading, "\(screen)")
    // Keys the browser has no use for, then one it has: 2 columns become 3.
    try await tmux.type("zwx")
    try await tmux.send("+")
    // The first frame is drawn before the keys waiting for the browser are read, so it may
    // show 2 columns: the keys arrived once a later frame shows 3. A lost key never does.
    let (browsing, shown) = try await tmux.waitFor(timeout: 60) {
      let status = TmuxSession.statusLine($0)
      return status.contains("30 items") && status.contains("3 cols")
    }
    #expect(browsing, "the typed-ahead + arrived: \(shown)")
    try await tmux.send("q")
    let (ended, after) = try await tmux.waitFor("TTY=", timeout: 30)
    #expect(ended && after.contains("EXIT=0") && after.contains("TTY=echo"), "\(after)")
    #expect(!after.contains("zwx"), "\(after)")
  }

  /// With pictures, the terminal is asked once the feed typed on it has ended: asked while
  /// it was typed, the probe would read the feed's keys and the feed the terminal's answers.
  @Test(arguments: ["off", "symbols"])
  func aFeedTypedOnStandardInputIsStillEchoed(pictures: String) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(command: "'\(binary)' - --pictures \(pictures)")
    defer { tmux.close() }
    try await Task.sleep(for: .milliseconds(500))
    try await tmux.type("https://a.example/typed.jpg")
    try await tmux.send("Enter")
    let (echoed, screen) = try await tmux.waitFor(timeout: 10) {
      $0.contains("https://a.example/typed.jpg")
    }
    #expect(echoed, "\(screen)")
    try await tmux.send("C-d")
    let (browsing, shown) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("1 item")
    }
    #expect(browsing, "\(shown)")
    try await tmux.send("q")
    let (ended, after) = try await tmux.waitFor("TTY=", timeout: 30)
    #expect(ended && after.contains("EXIT=0") && after.contains("TTY=echo"), "\(after)")
  }

  /// Ctrl-C, Ctrl-\, a hang-up or a kill while the browser still waits for its feed: the
  /// process dies of the signal as before, the shell gets its echo back, and the progress line
  /// is wiped (the shell's prompt was printed after the bar, on its row).
  @Test(arguments: [(SIGINT, 130), (SIGQUIT, 131), (SIGHUP, 129), (SIGTERM, 143)])
  func endingTheBrowserWhileItLoadsGivesTheEchoBack(signal: Int32, status: Int) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.slowFeed(server)
    let tmux = try TmuxSession(
      command: "'\(binary)' '\(server.url("/feed"))' --pictures off", width: 200)
    defer { tmux.close() }
    let (loading, screen) = try await tmux.waitFor(timeout: 30) { $0.contains("cascade: loading") }
    #expect(loading, "\(screen)")
    let pid = try #require(tmux.commandPID)
    #expect(MainThreadSignal.send(signal, to: pid))
    let (ended, after) = try await tmux.waitFor("TTY=", timeout: 30)
    #expect(ended && after.contains("EXIT=\(status)") && after.contains("TTY=echo"), "\(after)")
    #expect(!after.contains("cascade: loading"), "the line is wiped: \(after)")
  }

  /// The same for `cascade layout`, which holds no terminal modes: the signal's own default
  /// action ends it once the line is wiped.
  @Test(arguments: [(SIGINT, 130), (SIGTERM, 143)])
  func endingALayoutWhileItLoadsWipesTheLine(signal: Int32, status: Int) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    Self.slowFeed(server)
    let tmux = try TmuxSession(
      command: "'\(binary)' layout '\(server.url("/feed"))' --width 100 > /dev/null", width: 200)
    defer { tmux.close() }
    let (loading, screen) = try await tmux.waitFor(timeout: 30) { $0.contains("cascade: loading") }
    #expect(loading, "\(screen)")
    let pid = try #require(tmux.commandPID)
    #expect(MainThreadSignal.send(signal, to: pid))
    let (ended, after) = try await tmux.waitFor("EXIT=", timeout: 30)
    #expect(ended && after.contains("EXIT=\(status)"), "\(after)")
    #expect(!after.contains("cascade: loading"), "the line is wiped: \(after)")
  }
}
