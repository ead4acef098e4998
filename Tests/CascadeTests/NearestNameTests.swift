import Foundation
import Testing

@testable import cascade

/// "Did you mean …?" for a mistyped option, command or help topic, as the config file's keys
/// already had it.
@Suite struct NearestNameTests {
  @Test func nearestIsWithinTwoEditsAndHalfTheWord() {
    #expect(NearestName.nearest(to: "--colums", among: ["--columns", "--color"]) == "--columns")
    #expect(NearestName.nearest(to: "hlep", among: NearestName.commands) == "help")
    #expect(NearestName.nearest(to: "prnit", among: NearestName.commands) == "print")
    #expect(NearestName.nearest(to: "--zzz", among: ["--columns"]) == nil)
    #expect(NearestName.nearest(to: "ls", among: NearestName.commands) == nil)
    #expect(NearestName.nearest(to: "lay", among: NearestName.commands) == nil)
    // A name that is there is no typo.
    #expect(NearestName.nearest(to: "print", among: NearestName.commands) == nil)
  }

  @Test(arguments: [
    (["--colums", "3"], "unknown option '--colums'; did you mean --columns?"),
    (["print", "--widht", "40"], "unknown option '--widht'; did you mean --width?"),
    (["layout", "--width", "80", "--colunms", "3"], "did you mean --columns?"),
    (["--verison"], "did you mean --version?"),
    (
      ["prnt", "--width", "40"],
      "'prnt' is neither a command nor a file here; did you mean 'cascade print'?"
    ),
    (["layuot"], "did you mean 'cascade layout'?"),
    (["help", "prnt"], "no help on 'prnt'; did you mean print?"),
    (
      ["layout", "--no-images"],
      "--no-images is an option of cascade and cascade print, not of cascade layout"
    ),
  ])
  func mistakesGetASuggestion(arguments: [String], message: String) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-typo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await CascadeProcess.run(arguments, directory: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// A file called like a mistyped command is a feed, not a typo (`--print-config` stands in
  /// for the browser, which needs a terminal); so are paths and URLs.
  @Test func aFileOfThatNameIsNoTypo() async throws {
    #expect(NearestName.command(mistyped: "prnt.json") == nil)
    #expect(NearestName.command(mistyped: "./prnt") == nil)
    #expect(NearestName.command(mistyped: "file:prnt") == nil)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-typo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"[{"img": "a.jpg", "width": 10, "height": 20}]"#.utf8)
      .write(to: folder.appendingPathComponent("prnt"))
    let result = try await CascadeProcess.run(["prnt", "--print-config"], directory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("did you mean"))
  }
}
