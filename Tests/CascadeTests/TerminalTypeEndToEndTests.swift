import Foundation
import Testing

/// The terminal as it is, not as `TERM` names it: a `TERM` with no terminfo entry here, and
/// tmux's passthrough turned on for Cascade's own pane.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct TerminalTypeEndToEndTests {
  /// kitty's `TERM` over ssh to a machine without its terminfo: the browser runs, drawn as
  /// xterm-256color, and says so; it used to exit 2.
  @Test func aTermWithoutATerminfoEntryStillBrowses() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "TERM=xterm-nosuchterminal '\(binary)' --columns 3 --pictures symbols",
      width: 120, height: 30)
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 30) {
      $0.contains("240 items") || $0.contains("EXIT=")
    }
    #expect(shown && !screen.contains("EXIT="), "\(screen)")
    #expect(screen.contains("no terminfo entry"), "\(screen)")
    try await tmux.send("q")
    let (quit, after) = try await tmux.waitFor("EXIT=0", timeout: 30)
    #expect(quit, "\(after)")
  }

  /// Inside tmux, `allow-passthrough` (off by default) is turned on for Cascade's own pane, so
  /// kitty's pictures reach the terminal around tmux without a change to tmux's config.
  @Test func insideTmuxPassthroughIsTurnedOnForThePane() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --probe --probe-budget 300; "
        + "echo PASSTHROUGH=$(tmux show-options -p -v allow-passthrough)",
      width: 120, height: 30)
    defer { tmux.close() }
    let (done, screen) = try await tmux.waitFor("PASSTHROUGH=", timeout: 30)
    #expect(done, "\(screen)")
    #expect(screen.contains("tmux: allow-passthrough turned on for this pane"), "\(screen)")
    #expect(screen.contains("inside tmux: yes (tmux "), "tmux itself answered: \(screen)")
    // One word about passthrough: it was turned on, so nothing says it must be.
    #expect(!screen.contains("set -g allow-passthrough"), "\(screen)")
    #expect(screen.contains("PASSTHROUGH=on"), "\(screen)")
  }

  /// `COLORTERM=truecolor` under `xterm-256color` draws with 24-bit colour in the browser, as
  /// `cascade print` did: `--probe` names the entry and why.
  @Test func trueColourIsTakenFromColorterm() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "env -u TMUX TERM=xterm-256color COLORTERM=truecolor '\(binary)' --probe "
        + "--probe-budget 300",
      width: 160, height: 30)
    defer { tmux.close() }
    let (done, screen) = try await tmux.waitFor("chosen:", timeout: 30)
    #expect(done, "\(screen)")
    #expect(
      screen.contains("terminfo: xterm-direct (the terminal draws 24-bit colour"), "\(screen)")
  }

  /// A `TERM` that names tmux where no tmux runs (carried into a script, or set by hand) is
  /// not "inside tmux: yes": only tmux's own answer is.
  @Test func aTermNamingTmuxOutsideTmuxIsNotInsideIt() async throws {
    let result = try await CascadeProcess.run(
      ["--probe", "--probe-budget", "100"], environment: ["TERM": "tmux-256color", "TMUX": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("inside tmux: yes"), "\(result.stdout)")
    #expect(result.stdout.contains("inside tmux: no tmux answered"), "\(result.stdout)")
  }
}
