import Foundation
import TestSupport

/// Runs `cascade` under a pseudo-terminal that answers its queries as one kind of terminal
/// (`Scripts/canned-terminal.py`), and returns every byte it wrote.
struct CannedTerminal {
  /// The terminals the script can pretend to be.
  enum Persona: String, CaseIterable, Sendable {
    case kitty
    case xtermSixel = "xterm-sixel"
    case iterm2
    /// Answers nothing: the budget must hold.
    case silent
    /// Garbage around a device-attributes answer.
    case garbage
  }

  /// A key (or `RESIZE:COLSxROWS`) typed once `pattern` shows up in the output since the last
  /// step.
  struct Step {
    var pattern: String
    var keys: String
  }

  struct Run {
    var status: Int32
    var output: [UInt8]
    var seconds: Double

    var text: String { String(decoding: output, as: UTF8.self) }
  }

  static let script = CascadeProcess.packageRoot.appendingPathComponent(
    "Scripts/canned-terminal.py")

  static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }

  /// `command` with each word `cascade` (the program, not a path that holds the name: `make
  /// test` runs in a temporary folder named after it) made the binary under test.
  static func withBinary(_ command: String) -> String {
    let words = command.split(separator: " ", omittingEmptySubsequences: false)
    return words.map { word in
      // `TERM= cascade; echo status=$?` ends the word with the shell's `;`.
      let end = word.hasSuffix(";") ? ";" : ""
      return word.dropLast(end.count) == "cascade"
        ? "'\(CascadeProcess.binary.path)'" + end : String(word)
    }.joined(separator: " ")
  }

  /// Runs `command` (a shell command line; `cascade` in it is the built binary) as `persona`.
  /// - Parameter freshCache: gives the run an empty picture cache of its own
  ///   (`XDG_CACHE_HOME`), removed afterwards, so that every picture is fetched and sent.
  static func run(
    _ persona: Persona, command: String, steps: [Step] = [], size: String = "100x30",
    environment: [String: String] = [:], freshCache: Bool = false, timeout: Double = 60
  ) async throws -> Run {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "canned-\(getpid())-\(UUID().uuidString)")
    let cache = output.appendingPathExtension("cache")
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: cache)
    }
    var environment = environment
    if freshCache { environment["XDG_CACHE_HOME"] = cache.path }
    var arguments = [script.path, persona.rawValue, output.path, "--size", size]
    arguments += ["--timeout", "\(timeout)"]
    for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
      arguments += ["--env", "\(key)=\(value)"]
    }
    for step in steps { arguments += ["--step", step.pattern, step.keys] }
    let line = Self.withBinary(command)
    arguments += ["--", "/bin/sh", "-c", line]
    let started = Date()
    let fixed = arguments
    let status = try await OffPool.run { () throws -> Int32 in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = fixed
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    let seconds = Date().timeIntervalSince(started)
    let bytes = (try? Data(contentsOf: output)).map(Array.init) ?? []
    return Run(status: status, output: bytes, seconds: seconds)
  }
}
