import PictureKit
import Testing

@testable import BrowserShell

/// `--probe` says "inside tmux: yes" only when tmux answered: a `TERM` naming tmux said yes
/// outside any tmux.
@Suite struct TmuxPresenceTests {
  @Test func onlyATmuxThatAnsweredIsInside() {
    #expect(TmuxPresence.answered(version: "3.3a").line == "inside tmux: yes (tmux 3.3a answered)")
    for presence in [TmuxPresence.silent, .namedOnly("TERM=tmux-256color"), .none] {
      #expect(!presence.line.contains("yes"), "\(presence.line)")
    }
    #expect(TmuxPresence.namedOnly("TERM=tmux-256color").line.contains("TERM=tmux-256color"))
  }

  @Test func aNameFromTheEnvironmentIsPrintedAsPlainText() throws {
    let decision = PictureDecision(choice: .auto, environment: [:], answers: nil)
    var report = ProbeReport(
      decision: decision, answers: nil, milliseconds: 0, budgetMilliseconds: 0,
      environment: [:])
    report.tmux = .namedOnly("TERM=tmux\u{1B}]0;x\u{07}")
    let line = try #require(report.lines.first { $0.hasPrefix("inside tmux") })
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "\(line)")
  }
}
