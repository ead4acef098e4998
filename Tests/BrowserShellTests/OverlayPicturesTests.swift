import Testing

@testable import BrowserShell

/// The pictures drawn over the frame: kept as they must reach the terminal.
@Suite struct OverlayPicturesTests {
  /// Inside tmux a `4` in the device attributes is tmux's own sixel support, which takes sixel
  /// as it is: a passthrough-wrapped one is dropped (or misplaced in a split pane).
  @Test func insideTmuxSixelIsSentRaw() throws {
    let answers = TerminalAnswers(parsing: Array("\u{1B}[?62;4c".utf8))
    let decision = PictureDecision(
      choice: .auto, environment: ["TMUX": "/tmp/x,1,0", "TERM": "tmux-256color"],
      answers: answers)
    #expect(decision.chosen == .sixel && decision.insideTmux)
    let overlay = try #require(OverlayPictures(decision, budget: 1 << 20))
    let sixel = Array("\u{1B}P0;1;0q#0~-\u{1B}\\".utf8)
    #expect(overlay.sequence(overlay.keep(sixel)) == sixel)
  }
}
