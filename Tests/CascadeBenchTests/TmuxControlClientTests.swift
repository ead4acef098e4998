import Testing

@testable import cascade_bench

/// The control client's answers: its own commands' blocks, not the one attaching sends.
@Suite struct TmuxControlClientTests {
  /// tmux 3.3a answered a first command before the block of the attach itself (flags 0):
  /// read as the next command's answer, that empty block lost the browse its pane's pid.
  @Test func theAttachsOwnBlockAnswersNoCommand() {
    #expect(TmuxControlClient.answersACommand("%begin 1796574481 264 1"))
    #expect(!TmuxControlClient.answersACommand("%begin 1796574481 265 0"))
  }
}
