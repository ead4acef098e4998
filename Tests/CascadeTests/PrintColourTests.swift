import Foundation
import Testing

/// `cascade print` writes colour only where it is wanted: `--color none`, `NO_COLOR` set and
/// not empty, and `TERM=dumb` each give plain text with no escape at all, in a pipe too; a mode
/// named on the command line overrides the environment, as no-color.org asks.
@Suite struct PrintColourTests {
  static let sheet = ["print", "--width", "60", "--height", "12"]

  static func escapes(_ text: String) -> Int { text.filter { $0 == "\u{1B}" }.count }

  @Test(arguments: [
    (["--color", "none"], [String: String]()),
    ([], ["NO_COLOR": "1"]),
    ([], ["TERM": "dumb"]),
    ([], ["TERM": "dumb", "COLORTERM": "truecolor"]),
  ])
  func plainTextWhereNoColourIsWanted(options: [String], environment: [String: String])
    async throws
  {
    let result = try await CascadeProcess.run(Self.sheet + options, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.escapes(result.stdout) == 0, "\(options) \(environment)")
    #expect(result.stdout.contains("Coffee"))
    // No pictures without colour: the boxes give their sizes instead.
    #expect(result.stdout.contains("360×360"), "\(result.stdout)")
  }

  @Test(arguments: [["NO_COLOR": ""], ["TERM": "xterm-256color"]])
  func colourWhereNothingSaysOtherwise(environment: [String: String]) async throws {
    let result = try await CascadeProcess.run(Self.sheet, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(";48;5;"), "\(environment)")
  }

  @Test func helpSaysWhenThereIsNoColour() async throws {
    let help = try await CascadeProcess.run(["print", "--help"]).stdout
    #expect(help.contains("no\ncolour under NO_COLOR (set and not empty) or TERM=dumb"))
  }

  @Test func aModeNamedOnTheCommandLineOverridesNoColor() async throws {
    let result = try await CascadeProcess.run(
      Self.sheet + ["--color", "256"], environment: ["NO_COLOR": "1", "TERM": "dumb"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(";48;5;"))
  }
}
