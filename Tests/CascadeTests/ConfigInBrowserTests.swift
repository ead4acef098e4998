import Foundation
import Testing

/// The config file reaches the browser itself, and a bad one is reported on a terminal that
/// curses never touched.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct ConfigInBrowserTests {
  @Test func theBrowserStartsWithTheConfiguredOptionsAndColours() async throws {
    let home = try ConfigFileTests.ConfigHome(
      #"{"columns": 2, "no-images": true, "theme": {"border": 201, "status": 46}}"#)
    defer { home.remove() }
    let tmux = try TmuxSession(
      command: "'\(CascadeProcess.binary.path)'", environment: home.environment)
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor("240 items")
    #expect(shown, "\(screen)")
    #expect(TmuxSession.statusLine(screen).contains("2 cols"))
    #expect(screen.contains("360×360"), "pictures off: the boxes show their sizes")
    let colours = try await tmux.captureWithColors()
    #expect(colours.contains("38;5;201"), "the border colour")
    #expect(colours.contains("38;5;46"), "the status line's colour")
  }

  @Test func theBrowserObeysReboundKeysAndSequences() async throws {
    let home = try ConfigFileTests.ConfigHome(
      #"{"no-images": true, "keys": {"bottom": ["gG"], "scroll-down": "<C-e>", "quit": "Q"}}"#)
    defer { home.remove() }
    let tmux = try TmuxSession(
      command: "'\(CascadeProcess.binary.path)'", environment: home.environment)
    defer { tmux.close() }
    let (started, first) = try await tmux.waitFor("240 items")
    #expect(started, "\(first)")
    try await tmux.send("G")
    try await tmux.send("j")
    try await tmux.send("C-e")
    let (scrolled, screen) = try await tmux.waitFor { $0 != first }
    #expect(scrolled, "Ctrl-E scrolls")
    #expect(!TmuxSession.statusLine(screen).contains("100%"), "G and j do nothing now")
    try await tmux.send("g")
    try await tmux.send("G")
    let (atEnd, end) = try await tmux.waitFor { TmuxSession.statusLine($0).contains("100%") }
    #expect(atEnd, "gG goes to the bottom: \(end)")
    try await tmux.send("?")
    let (help, overlay) = try await tmux.waitFor("gG")
    #expect(help, "the help lists the keys in force: \(overlay)")
    #expect(try await tmux.escape { !$0.contains("any key closes") }.0)
    try await tmux.send("q")
    let (quitEarly, _) = try await tmux.waitFor(timeout: 1) { $0.contains("EXIT=") }
    #expect(!quitEarly, "q no longer quits")
    try await tmux.send("Q")
    let (exited, last) = try await tmux.waitFor("EXIT=0")
    #expect(exited, "\(last)")
  }

  @Test func aBadConfigLeavesTheTerminalAsItWas() async throws {
    let home = try ConfigFileTests.ConfigHome(#"{"columns": 0}"#)
    defer { home.remove() }
    // Wide enough for the error on one line.
    let tmux = try TmuxSession(
      command: "'\(CascadeProcess.binary.path)'", width: 300, environment: home.environment)
    defer { tmux.close() }
    let (exited, screen) = try await tmux.waitFor("EXIT=2")
    #expect(exited, "\(screen)")
    #expect(screen.contains(#""columns" must be a whole number from 1 to 30, got '0'"#))
    #expect(try await tmux.waitFor("TTY=echo").0)
    #expect(try await tmux.display("#{alternate_on}") == "0")
  }
}
