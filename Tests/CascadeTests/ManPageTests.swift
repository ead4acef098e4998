import BrowserCore
import Foundation
import Testing

/// `cascade.1` is generated from the option and key tables (`cascade --man > cascade.1`); the
/// committed copy must be what the binary writes, and name every flag and key it has.
@Suite struct ManPageTests {
  static let pageURL = CascadeProcess.packageRoot.appendingPathComponent("cascade.1")

  /// The flags `--help` of every command names, and those of `main` itself.
  static func helpFlags() async throws -> Set<String> {
    var text = ""
    for command in [[], ["print"], ["layout"]] {
      let result = try await CascadeProcess.run(command + ["--help"])
      #expect(result.status == 0)
      text += result.stdout
    }
    return OptionDocumentationTests.flags(in: text)
      .subtracting(OptionDocumentationTests.otherPrograms)
  }

  /// The page as `man` shows it, on one long line per paragraph.
  static func rendered() throws -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
    guard FileManager.default.isExecutableFile(atPath: process.executableURL?.path ?? "") else {
      return nil
    }
    process.arguments = ["-l", pageURL.path]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["MANWIDTH": "1000", "MANPAGER": "cat", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func committedPageIsWhatTheTablesGenerate() async throws {
    let generated = try await CascadeProcess.run(["--man"])
    #expect(generated.status == 0)
    let committed = try String(contentsOf: Self.pageURL, encoding: .utf8)
    #expect(
      committed == generated.stdout,
      "cascade.1 is out of date: run 'swift run cascade --man > cascade.1'")
  }

  @Test func pageAndHelpNameTheSameFlags() async throws {
    // Comments (`.\"`) are not shown; the page's first says how it was generated.
    let page = try String(contentsOf: Self.pageURL, encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix(".\\\"") }.joined(separator: "\n")
      .replacingOccurrences(of: "\\-", with: "-")
    let inPage = OptionDocumentationTests.flags(in: page)
      .subtracting(OptionDocumentationTests.otherPrograms)
    let inHelp = try await Self.helpFlags()
    #expect(inHelp.subtracting(inPage).isEmpty, "not in cascade.1: \(inHelp.subtracting(inPage))")
    #expect(inPage.subtracting(inHelp).isEmpty, "not in --help: \(inPage.subtracting(inHelp))")
    #expect(inPage.isSuperset(of: ["--config", "--print-config", "--completions", "--version"]))
  }

  @Test func pageListsEveryKey() throws {
    guard let text = try Self.rendered() else { return }
    let squeezed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for row in KeyMap.table {
      let keys = row.keys.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(squeezed.contains(keys), "key \(row.keys) is not in cascade.1")
      #expect(squeezed.contains(row.what.joined(separator: " ")), "\(row.what)")
    }
  }

  @Test func groffRendersThePageWithoutWarnings() throws {
    let groff = URL(fileURLWithPath: "/usr/bin/groff")
    guard FileManager.default.isExecutableFile(atPath: groff.path) else { return }
    let process = Process()
    process.executableURL = groff
    process.arguments = ["-ww", "-man", "-Tutf8", Self.pageURL.path]
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(warnings.isEmpty, "\(warnings)")
  }
}
