import Foundation
import Testing

/// The browser's interface colours (borders, selection, banners, status line) follow NO_COLOR,
/// set and not empty, in a real terminal.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct NoColorEndToEndTests {
  /// How many SGR sequences on `screen` set a foreground or background colour.
  static func colourCodes(_ screen: String) -> Int {
    screen.components(separatedBy: "\u{1B}[").dropFirst().filter { sequence in
      guard let end = sequence.firstIndex(of: "m") else { return false }
      return sequence[..<end].split(separator: ";").contains { parameter in
        guard let code = Int(parameter) else { return false }
        return (30...48).contains(code) && code != 39 || (90...107).contains(code)
      }
    }.count
  }

  @Test(arguments: [("1", false), ("", true)])
  func noColorTurnsTheInterfaceColoursOff(value: String, coloured: Bool) async throws {
    let tmux = try TmuxSession(
      command: "'\(CascadeProcess.binary.path)' --no-images", environment: ["NO_COLOR": value])
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor("240 items")
    #expect(shown, "\(screen)")
    let colours = Self.colourCodes(try await tmux.captureWithColors())
    #expect((colours > 0) == coloured, "NO_COLOR='\(value)': \(colours) colour codes")
    try await tmux.send("q")
  }
}
