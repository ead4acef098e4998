import Foundation

/// Runs a python3 script over some input, for the differential tests that hold Cascade's
/// readers to the answers of python's own (`json`, `html`, `blurhash`).
package enum Python {
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// The script's standard output; throws with its standard error when it fails. The input
  /// goes through a file, not a pipe, so that neither side can block on the other.
  package static func run(_ script: String, input: Data) throws -> Data {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-python-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputFile = folder.appendingPathComponent("input")
    let outputFile = folder.appendingPathComponent("output")
    try input.write(to: inputFile)
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw Failure(description: "no /usr/bin/python3: run Scripts/install-deps")
    }
    process.arguments = ["-c", script]
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    let errorFile = folder.appendingPathComponent("error")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
      throw Failure(
        description: "python3 exited with \(process.terminationStatus): \(message)")
    }
    return try Data(contentsOf: outputFile)
  }
}
