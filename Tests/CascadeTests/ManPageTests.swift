import BrowserCore
import FeedKit
import FeedModel
import Foundation
import Testing

@testable import cascade

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

  /// The text of the section headed `name`, as `man` renders it, on one line.
  static func section(_ name: String) throws -> String? {
    guard let text = try rendered() else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == name }) else { return "" }
    let body = lines[(start + 1)...].prefix { $0.isEmpty || $0.first == " " }
    return body.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The description names every format a FEED can be in (by the first word of its name:
  /// "Reddit" for "Reddit listing JSON"), the pixel protocols and the other two commands.
  @Test func descriptionIsCurrent() throws {
    guard let description = try Self.section("DESCRIPTION") else { return }
    for format in FeedFormat.allCases {
      let name = format.displayName.split(separator: " ").first.map(String.init) ?? ""
      #expect(description.contains(name), "\(format) (\(name)) is not in the DESCRIPTION")
    }
    for word in ["kitty graphics", "sixel", "iTerm2", "folder", "cascade print", "cascade layout"] {
      #expect(description.contains(word), "\(word)")
    }
  }

  /// NO_COLOR as no-color.org defines it, and as the README and `Theme.noColor` read it.
  @Test func noColorIsSetAndNotEmpty() throws {
    guard let environment = try Self.section("ENVIRONMENT") else { return }
    #expect(environment.contains("NO_COLOR Set and not empty (as no-color.org says)"))
    #expect(environment.contains("cascade print writes no colour at all"))
    #expect(environment.contains("TERM=dumb"))
  }

  /// The examples of `--help` are the man page's, and each uses only options of its command.
  @Test func examplesAreInHelpAndPage() async throws {
    let help = try await CascadeProcess.run(["--help"]).stdout
    let page = try String(contentsOf: Self.pageURL, encoding: .utf8)
    #expect(HelpExamples.all.count >= 5)
    for example in HelpExamples.all {
      #expect(help.contains("  " + example.command + "\n"), "\(example.command)")
      #expect(help.contains(example.what), "\(example.what)")
      #expect(page.contains(ManPage.text(example.command)), "\(example.command)")
      let words = example.command.split(separator: " ").map(String.init)
      let start = try #require(words.firstIndex(of: "cascade"))
      let command: Command =
        switch words.dropFirst(start + 1).first {
        case "print": .print
        case "layout": .layout
        default: .browse
        }
      let names = Set(OptionTable.options(for: command).map(\.name))
      for word in words[start...] where word.hasPrefix("--") {
        #expect(names.contains(word), "\(example.command): \(word) is not a \(command) option")
      }
    }
    let examplesHelp = try #require(help.range(of: "Examples:\n")).upperBound
    for line in help[examplesHelp...].split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
    guard let examples = try Self.section("EXAMPLES") else { return }
    #expect(examples.contains("find ~/Pictures -name '*.jpg' | cascade -"))
    #expect(examples.contains("| jq"))
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
