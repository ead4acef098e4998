import Foundation
import Testing

/// `cascade --version` names every library a bug report needs, each with a version number.
@Suite struct VersionTests {
  @Test(arguments: [
    "Swift", "ncurses", "libcurl", "chafa", "libjpeg-turbo", "libpng", "libwebp", "giflib",
  ])
  func versionNamesTheLibrary(library: String) async throws {
    let result = try await CascadeProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("cascade 0."))
    let line = result.stdout.split(separator: "\n").first {
      $0.trimmingCharacters(in: .whitespaces).hasPrefix(library + " ")
    }
    let version = try #require(line, "no line for \(library) in:\n\(result.stdout)")
      .dropFirst(2 + library.count).trimmingCharacters(in: .whitespaces)
    #expect(version.range(of: #"^[0-9]+\.[0-9]+"#, options: .regularExpression) != nil, "\(line)")
  }

  /// `--version` anywhere, for any command, as `--help` is: only as the first argument it
  /// worked, and elsewhere it was "unknown option".
  @Test(arguments: [["feed.json", "--version"], ["print", "--version"], ["layout", "-V"]])
  func versionWorksAnywhere(arguments: [String]) async throws {
    let result = try await CascadeProcess.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("cascade "))
    #expect(result.stdout.contains("libcurl"))
  }
}
