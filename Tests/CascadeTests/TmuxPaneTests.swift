import Foundation
import Locking
import TestSupport
import Testing

@testable import cascade

/// What Cascade asks of the tmux around it.
@Suite struct TmuxPaneTests {
  @Test(arguments: [("1", true), ("2", true), ("0", false), ("", false), (nil, false)])
  func aClientIsAttachedWhenTmuxCountsOne(attached: String?, has: Bool) {
    #expect(TmuxPane.hasClient(attached) == has)
  }

  /// In a session no client is attached to, `client_termfeatures` is never asked for (tmux
  /// 3.3a's server crashes expanding it there); with one attached it is.
  @Test func clientFeaturesAreAskedOnlyWithAClientAttached() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-tmux-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let asked = folder + "/asked"
    let attached = folder + "/attached"
    // A stand-in for tmux: records what it is asked, answers from `attached`.
    let fake = folder + "/tmux"
    let script = """
      #!/bin/sh
      printf '%s\\n' "$3" >> '\(asked)'
      case "$3" in
        *session_attached*) cat '\(attached)' ;;
        *) echo RGB ;;
      esac
      """
    try script.write(toFile: fake, atomically: true, encoding: .utf8)
    chmod(fake, 0o755)
    try "0\n".write(toFile: attached, atomically: true, encoding: .utf8)
    let environment = ["TMUX": "/tmp/tmux-1/default,1,0"]
    var detached = TmuxPane.clientFeatures(environment: environment, tmux: fake)
    // A script just written can be busy (ETXTBSY) while another test forks: tried again.
    for _ in 0..<50 where !FileManager.default.fileExists(atPath: asked) {
      usleep(20_000)
      detached = TmuxPane.clientFeatures(environment: environment, tmux: fake)
    }
    #expect(detached == nil)
    let before = try String(contentsOfFile: asked, encoding: .utf8)
    #expect(!before.contains("client_termfeatures"), "\(before)")
    try "1\n".write(toFile: attached, atomically: true, encoding: .utf8)
    #expect(TmuxPane.clientFeatures(environment: environment, tmux: fake) == "RGB")
    #expect(try String(contentsOfFile: asked, encoding: .utf8).contains("client_termfeatures"))
  }

  /// The browser asks tmux its questions while the feed loads, each once: the feed's answer
  /// here waits for them (they came only after it, and `client_termfeatures` twice).
  @Test func tmuxIsAskedWhileTheFeedLoadsEachQuestionOnce() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-tmux-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let asked = folder + "/asked"
    // A stand-in for tmux on the pane's PATH: records each question, says a client is
    // attached.
    let script = """
      #!/bin/sh
      for last; do :; done
      printf '%s\\n' "$1 $last" >> '\(asked)'
      case "$last" in
        *session_attached*) echo 1 ;;
        *version*) echo 3.4 ;;
        *client_termfeatures*) echo RGB ;;
      esac
      """
    try script.write(toFile: folder + "/tmux", atomically: true, encoding: .utf8)
    chmod(folder + "/tmux", 0o755)
    // A script just written can be busy (ETXTBSY) while another test forks: run until it
    // runs, so that the browser's questions reach it.
    for _ in 0..<100 {
      let check = Process()
      check.executableURL = URL(fileURLWithPath: folder + "/tmux")
      check.arguments = ["check"]
      if (try? check.run()) != nil {
        check.waitUntilExit()
        break
      }
      usleep(20_000)
    }
    try? FileManager.default.removeItem(atPath: asked)
    @Sendable func questions() -> [String] {
      ((try? String(contentsOfFile: asked, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
    }
    let server = try TestHTTPServer()
    defer { server.stop() }
    let askedBeforeTheFeed = Locked<[String]?>(nil)
    server.route("/feed.json") { _ in
      // Held until tmux has been asked (a bound against a hang, not a measure of time).
      let deadline = ContinuousClock.now + .seconds(20)
      while questions().count < 4, ContinuousClock.now < deadline { usleep(10_000) }
      askedBeforeTheFeed.withLock { $0 = questions() }
      return .json(
        #"{"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": "#
          + #"[{"id": "1", "content_text": "hello"}]}"#)
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let tmux = try TmuxSession(
      command: "'\(binary)' --timeout 120 '\(server.url("/feed.json"))'",
      environment: ["PATH": folder + ":" + path])
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 60) {
      TmuxSession.statusLine($0).contains("1 item")
    }
    #expect(shown, "\(screen)")
    let before = try #require(askedBeforeTheFeed.withLock { $0 })
    #expect(before.contains { $0.contains("client_termfeatures") }, "\(before)")
    #expect(before.contains { $0.hasPrefix("set-option") }, "passthrough: \(before)")
    let all = questions()
    #expect(all.count(where: { $0.contains("client_termfeatures") }) == 1, "\(all)")
  }
}
