import Foundation
import Testing

/// The README and docs/ document every option the commands take, and no option they do not: `--help` is
/// written from the option table, so comparing it with the README compares the table.
@Suite struct OptionDocumentationTests {
  /// Flags the README names that belong to other programs (swift format, swift build,
  /// cascade-bench), that it uses as a pattern (`--name=value`), or that are for the repository
  /// only (`--man` writes `cascade.1`).
  static let otherPrograms: Set<String> = [
    "--strict", "--quick", "--only", "--json", "--name", "--static-swift-stdlib", "--man",
  ]

  static func flags(in text: String) -> Set<String> {
    let pattern = try? NSRegularExpression(pattern: "--[a-z][a-z0-9-]*")
    let range = NSRange(text.startIndex..., in: text)
    let found = pattern?.matches(in: text, range: range) ?? []
    return Set(found.compactMap { Range($0.range, in: text).map { String(text[$0]) } })
  }

  @Test func readmeAndHelpNameTheSameOptions() async throws {
    let browse = try await CascadeProcess.run(["--help"])
    let layout = try await CascadeProcess.run(["layout", "--help"])
    let print = try await CascadeProcess.run(["print", "--help"])
    let items = try await CascadeProcess.run(["items", "--help"])
    #expect(browse.status == 0 && layout.status == 0 && print.status == 0 && items.status == 0)
    let help = Self.flags(in: browse.stdout + layout.stdout + print.stdout + items.stdout)
      .subtracting(Self.otherPrograms).subtracting(["--help", "--version"])
    // The README is the guide; the option-by-option reference is in docs/ beside it.
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let docs = root.appendingPathComponent("docs")
    let pages =
      [root.appendingPathComponent("README.md")]
      + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).sorted()
      .filter { $0.hasSuffix(".md") }.map { docs.appendingPathComponent($0) }
    let text = try pages.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    let readme = Self.flags(in: text)
      .subtracting(Self.otherPrograms).subtracting(["--help", "--version"])
    #expect(help.subtracting(readme).isEmpty, "not in the README: \(help.subtracting(readme))")
    #expect(readme.subtracting(help).isEmpty, "not an option: \(readme.subtracting(help))")
    #expect(help.count >= 20)
  }
}
