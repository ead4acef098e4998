import Foundation
import Testing

/// Alt+key and escape sequences ncurses does not know never quit, and neither does a lone Esc
/// with nothing open: `q` quits. A config that binds Esc to `quit` gets it.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct EscapeKeyEndToEndTests {
  @Test func altKeysUnknownSequencesAndEscapeDoNotQuit() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(command: "'\(binary)' --columns 4", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("M-j", "M-q", "M-x")
    // An SGR mouse report (a click) and a focus-in report, which ncurses has no name for.
    try await tmux.type("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[I")
    try await tmux.send("+")
    let (alive, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("5 cols") || $0.contains("EXIT=")
    }
    #expect(alive && !screen.contains("EXIT="), "\(screen)")
    try await tmux.send("Escape")
    let (quitByEsc, _) = try await tmux.waitFor(timeout: 1) { $0.contains("EXIT=") }
    #expect(!quitByEsc, "one Esc too many does not end the program")
    try await tmux.send("q")
    let (quit, after) = try await tmux.waitFor("EXIT=0", timeout: 30)
    #expect(quit, "\(after)")
  }

  @Test func escBoundToQuitInTheConfigQuits() async throws {
    let home = try ConfigFileTests.ConfigHome(#"{"keys": {"quit": ["q", "<Esc>"]}}"#)
    defer { home.remove() }
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 4", width: 100, height: 30, environment: home.environment)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("?")
    #expect(try await tmux.waitFor("else quit", timeout: 30).0, "the help says Esc quits")
    try await tmux.send("Escape")
    #expect(try await tmux.waitFor(timeout: 30) { !$0.contains("else quit") }.0)
    let (stillOpen, _) = try await tmux.waitFor(timeout: 1) { $0.contains("EXIT=") }
    #expect(!stillOpen, "the first Esc closed the help")
    try await tmux.send("Escape")
    let (quit, after) = try await tmux.waitFor("EXIT=0", timeout: 30)
    #expect(quit, "\(after)")
  }
}
