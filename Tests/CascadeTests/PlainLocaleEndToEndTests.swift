import Foundation
import TestSupport
import Testing

/// A terminal whose locale is not UTF-8.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct PlainLocaleEndToEndTests {
  /// Pictures are drawn in ASCII and colours, as the borders are: every block character had
  /// become a `?` (380 of them on the first screen).
  @Test func picturesAreDrawnInASCIIWithoutAUTF8Locale() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --pictures symbols --columns 4", environment: ["LC_ALL": "POSIX"])
    defer { tmux.close() }
    var previous = ""
    let (settled, screen) = try await tmux.waitFor(timeout: 30) { screen in
      defer { previous = screen }
      return screen == previous && TmuxSession.statusLine(screen).contains("240 items")
    }
    #expect(settled, "\(screen)")
    let rows = screen.split(separator: "\n").filter { $0.hasPrefix(" |") }
    let inside = rows.map { $0.filter { $0 != "|" && $0 != " " } }.joined()
    #expect(inside.count > 200, "pictures are drawn: \(screen)")
    #expect(inside.filter { $0 == "?" }.count * 20 < inside.count, "\(screen)")
    let ascii = screen.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii, "\(screen)")
  }
}

/// A terminal type with fewer colours than pictures need.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct FewColoursEndToEndTests {
  /// No pictures, and the status line says why and what to do; it said nothing, whatever
  /// --color asked for.
  @Test(arguments: ["auto", "direct"])
  func aTerminalOfEightColoursSaysWhyThereAreNoPictures(color: String) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --color \(color)", width: 160, environment: ["TERM": "linux"])
    defer { tmux.close() }
    let (said, screen) = try await tmux.waitFor(timeout: 30) {
      $0.contains("no pictures: this terminal (TERM=linux) has 8 colours")
    }
    #expect(said, "\(screen)")
  }

  /// A terminal without an alternate screen keeps what was drawn last: quitting clears it, so
  /// the boxes and the status line are not left under the shell's prompt.
  @Test(arguments: ["vt100", "linux"])
  func quittingATerminalWithoutAnAlternateScreenClearsIt(term: String) async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --pictures off", width: 100, environment: ["TERM": term])
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("waterfall")
    }
    #expect(shown, "\(screen)")
    try await tmux.send("q")
    let (ended, after) = try await tmux.waitFor("EXIT=", timeout: 30)
    #expect(ended && after.contains("EXIT=0"), "\(after)")
    #expect(!after.contains("waterfall") && !after.contains("items"), "\(after)")
  }
}
