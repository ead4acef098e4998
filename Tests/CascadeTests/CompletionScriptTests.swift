import Foundation
import Testing

/// `cascade --completions SHELL` completes every flag, and the bash script works in bash.
@Suite struct CompletionScriptTests {
  @Test(arguments: ["bash", "zsh", "fish"])
  func scriptNamesEveryFlag(shell: String) async throws {
    let result = try await CascadeProcess.run(["--completions", shell])
    #expect(result.status == 0, "\(result.stderr)")
    let inHelp = try await ManPageTests.helpFlags().subtracting(["--version", "--completions"])
    // fish names long options without their dashes (`-l style`).
    let text =
      shell == "fish"
      ? result.stdout.replacingOccurrences(of: " -l ", with: " --") : result.stdout
    let inScript = OptionDocumentationTests.flags(in: text)
    #expect(inHelp.subtracting(inScript).isEmpty, "\(inHelp.subtracting(inScript))")
    #expect(result.stdout.contains("waterfall irregular carousel ring"))
  }

  @Test func anUnknownShellIsAUsageError() async throws {
    let result = try await CascadeProcess.run(["--completions", "tcsh"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("bash, zsh, fish"))
  }

  /// Runs the bash script's function for a command line ending at `words`' last word.
  func complete(_ words: [String], in folder: String? = nil) async throws -> [String] {
    let script = try await CascadeProcess.run(["--completions", "bash"]).stdout
    let file = try CascadeProcess.temporaryFile(script, suffix: ".bash")
    defer { try? FileManager.default.removeItem(at: file) }
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    process.arguments = [
      "-c",
      "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _cascade; "
        + "printf '%s\\n' \"${COMPREPLY[@]}\"",
    ]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesFlagsChoicesAndCommands() async throws {
    #expect(try await complete(["cascade", "--sty"]) == ["--style"])
    #expect(
      try await complete(["cascade", "print", "--style", ""])
        == ["waterfall", "irregular", "carousel", "ring"])
    #expect(try await complete(["cascade", "--color", "2"]) == ["256"])
    #expect(try await complete(["cascade", "layout", "--ins"]) == ["--insets"])
    #expect(try await complete(["cascade", "--ins"]).isEmpty, "--insets is layout's only")
    #expect(try await complete(["cascade", "pri"]) == ["print"])
    #expect(try await complete(["cascade", "--completions", "z"]) == ["zsh"])
  }

  /// A file name with a space was split into two completions (`my` and `feed.json`).
  @Test func bashCompletesAFileNameWithASpaceWhole() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{}".utf8).write(to: folder.appendingPathComponent("my feed.json"))
    #expect(try await complete(["cascade", "my"], in: folder.path) == ["my feed.json"])
    #expect(try await complete(["cascade", "print", "my"], in: folder.path) == ["my feed.json"])
    #expect(try await complete(["cascade", "print", "--ver"]) == ["--version"])
    #expect(try await complete(["cascade", "print", "--comp"]).isEmpty, "only before a command")
  }
}
