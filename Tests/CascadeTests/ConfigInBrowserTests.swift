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
