import Foundation
import Testing

/// Digits are a count only if a key that takes one follows within the count timeout; after it
/// their column change stands.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct CountTimeoutEndToEndTests {
  @Test func aPauseAfterADigitKeepsTheColumns() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 5 --count-timeout 0.5", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("3")
    #expect(try await tmux.waitFor(timeout: 30) { TmuxSession.statusLine($0).contains("3 cols") }.0)
    try await Task.sleep(for: .milliseconds(900))
    try await tmux.send("G")
    let (atEnd, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("100%")
    }
    #expect(atEnd, "G after the pause goes to the bottom: \(screen)")
    #expect(TmuxSession.statusLine(screen).contains("3 cols"), "\(screen)")
    #expect(!TmuxSession.statusLine(screen).contains("#3"), "\(screen)")
    // Typed together, `2G` is still a count.
    try await tmux.send("2", "G")
    let (second, jumped) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("#2")
    }
    #expect(second, "\(jumped)")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }

  /// `10G`: the `1` is shown as a count and the layout stays at five columns on the way; it
  /// showed a one-column waterfall before the jump.
  @Test func tenGShowsNoLayoutOnTheWay() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 5 --no-images --count-timeout 30", width: 100, height: 30)
    defer { tmux.close() }
    let (started, first) = try await tmux.waitFor("240 items", timeout: 30)
    #expect(started, "\(first)")
    try await tmux.send("1")
    let (pending, typed) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).split(separator: " ").contains("1")
    }
    #expect(pending, "the count shows in the status line: \(typed)")
    #expect(TmuxSession.statusLine(typed).contains("5 cols"), "\(typed)")
    try await tmux.send("0", "G")
    let (jumped, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("#10")
    }
    #expect(jumped, "\(screen)")
    #expect(TmuxSession.statusLine(screen).contains("5 cols"), "\(screen)")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }

  /// README's example config (`"top": ["gg", "<Home>"]`): `25g` waits for the second `g`
  /// with its count, past the count's time, and `25gg` goes to item 25. The count ran out
  /// into five columns.
  @Test func theReadmeConfigsGGTakesACount() async throws {
    let home = try ConfigFileTests.ConfigHome(
      #"{"columns": 3, "no-images": true, "keys": {"top": ["gg", "<Home>"], "bottom": "G"}}"#)
    defer { home.remove() }
    let tmux = try TmuxSession(
      command: "'\(CascadeProcess.binary.path)' --count-timeout 0.2",
      environment: home.environment)
    defer { tmux.close() }
    #expect(try await tmux.waitFor("240 items", timeout: 30).0)
    try await tmux.send("2", "5", "g")
    let (pending, typed) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("25g")
    }
    #expect(pending, "\(typed)")
    try await Task.sleep(for: .milliseconds(600))
    try await tmux.send("g")
    let (jumped, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("#25")
    }
    #expect(jumped, "\(screen)")
    #expect(TmuxSession.statusLine(screen).contains("3 cols"), "\(screen)")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0", timeout: 30).0)
  }
}
