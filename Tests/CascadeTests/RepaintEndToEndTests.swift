import Foundation
import Testing

/// `Ctrl-L` draws the screen again, pictures and all: the remedy people reach for when a
/// terminal's screen is garbled (vim, less, newsboat, htop).
@Suite(.enabled(if: CannedTerminal.isAvailable), .serialized)
struct RepaintEndToEndTests {
  @Test(arguments: [
    (CannedTerminal.Persona.xtermSixel, "\u{1B}P0;1;0q"), (.iterm2, "1337;File="),
  ])
  func controlLClearsTheScreenAndDrawsEveryPictureAgain(
    persona: CannedTerminal.Persona, marker: String
  ) async throws {
    let run = try await CannedTerminal.run(
      persona, command: "cascade --columns 4",
      steps: [
        .init(pattern: marker, keys: "j"), .init(pattern: "SLEEP:3", keys: "\u{0C}"),
        .init(pattern: "SLEEP:2", keys: "q"),
      ],
      freshCache: true)
    #expect(run.status == 0)
    let text = run.text
    // The last screen clear before the browser leaves is Ctrl-L's (curses' clearok).
    let end = try #require(text.range(of: "\u{1B}[?1049l", options: .backwards))
    let clear = try #require(
      text[..<end.lowerBound].range(of: "\u{1B}[2J", options: .backwards),
      "no screen clear after Ctrl-L")
    let start = try #require(text.range(of: "\u{1B}[?1049h"))
    #expect(start.upperBound < clear.lowerBound)
    let before = text[start.upperBound..<clear.lowerBound].ranges(of: marker).count
    let after = text[clear.upperBound..<end.lowerBound].ranges(of: marker).count
    #expect(before >= 4, "\(before) pictures before Ctrl-L")
    // Every picture in view is drawn again after the clear.
    #expect(after >= 4, "\(after) pictures drawn again after Ctrl-L")
    // The status line is drawn again too.
    #expect(text[clear.upperBound..<end.lowerBound].contains("help"))
  }
}
