import Foundation
import Testing

/// The mouse: button events only (1000/1002 with SGR 1006, never every motion), a click
/// selects, a double click shows its post, a click on `? help` shows the help;
/// `--no-mouse` asks for nothing, and quitting turns every mode off.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct MouseEndToEndTests {
  /// An SGR press and release at 1-based `column`, `row`.
  static func click(_ column: Int, _ row: Int) -> String {
    "\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m"
  }

  @Test func clicksSelectOpenAndShowTheHelp() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --no-images --columns 4", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    #expect(try await tmux.display("#{mouse_all_flag}") == "0", "no 1003: motion is not asked")
    #expect(try await tmux.display("#{mouse_button_flag}") == "1")
    #expect(try await tmux.display("#{mouse_sgr_flag}") == "1")
    // The second box of the top row (Galaxies, #2), then Enter shows its details.
    try await tmux.type(Self.click(35, 8))
    try await Task.sleep(for: .milliseconds(300))
    try await tmux.send("Enter")
    let (second, details) = try await tmux.waitFor("item:  2 of 240", timeout: 30)
    #expect(second, "\(details)")
    #expect(try await tmux.escape { !$0.contains("item:  2 of 240") }.0)
    // A double click on the fourth box opens it at once.
    try await tmux.type(Self.click(85, 8) + Self.click(85, 8))
    let (fourth, opened) = try await tmux.waitFor("item:  4 of 240", timeout: 30)
    #expect(fourth, "\(opened)")
    try await tmux.type(Self.click(50, 15))
    #expect(
      try await tmux.waitFor(timeout: 30) { !$0.contains("item:  4 of 240") }.0, "a click closes")
    // The status line's `? help`.
    try await tmux.type(Self.click(97, 30))
    let (help, keys) = try await tmux.waitFor("any key closes", timeout: 30)
    #expect(help, "\(keys)")
    #expect(try await tmux.escape { !$0.contains("any key closes") }.0)
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
    #expect(try await tmux.display("#{mouse_any_flag}") == "0", "quitting turns the modes off")
  }

  @Test func noMouseAsksForNothing() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --no-images --no-mouse", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    #expect(try await tmux.display("#{mouse_any_flag}") == "0")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }
}
