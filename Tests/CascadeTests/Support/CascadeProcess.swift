import Foundation
import TestSupport

/// Runs the built `cascade` binary and collects what it printed, for end-to-end tests.
struct CascadeProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// From start to exit, timed on the waiting thread: a busy test pool does not add to it.
    var seconds: Double = 0
    /// The child's peak resident size (`VmHWM`), sampled every few milliseconds while it ran.
    var peakResidentBytes = 0
  }

  /// The repository's root, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The built `cascade` binary, else where a debug build leaves it.
  static var binary: URL {
    BuiltBinary.cascade ?? packageRoot.appendingPathComponent(".build/debug/cascade")
  }

  /// Runs the binary to its end, waiting off Swift concurrency's pool (see `OffPool`).
  static func run(
    _ arguments: [String], stdin: Data? = nil, executable: URL? = nil, directory: URL? = nil,
    environment: [String: String] = [:]
  ) async throws -> Result {
    try await OffPool.run {
      try runBlocking(
        arguments, stdin: stdin, executable: executable ?? binary, directory: directory,
        environment: environment)
    }
  }

  private static func runBlocking(
    _ arguments: [String], stdin: Data?, executable: URL, directory: URL?,
    environment: [String: String]
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    // SwiftPM runs the tests with NO_COLOR=1, which `cascade print` obeys: the binary gets it
    // only from a test that sets it, as a person's terminal would not have it either.
    process.environment = ProcessInfo.processInfo.environment
      .merging(IsolatedHomes.environment) { $1 }.merging(["NO_COLOR": ""]) { $1 }
      .merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    let start = ContinuousClock.now
    try process.run()
    let peak = PeakSampler(pid: process.processIdentifier)
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot block the child; the
    // second reader is a thread of its own, not a Dispatch one (see `OffPool`).
    let errDone = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var errData = Data()
    Thread {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      errDone.signal()
    }.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errDone.wait()
    process.waitUntilExit()
    let elapsed = ContinuousClock.now - start
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self),
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      peakResidentBytes: peak.stop())
  }

  /// A temporary file holding `text`, removed by the caller.
  static func temporaryFile(_ text: String, suffix: String = ".json") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-test-\(UUID().uuidString)\(suffix)")
    try Data(text.utf8).write(to: url)
    return url
  }
}

/// Reads a child's `VmHWM` (its peak resident size so far) every 2 ms on a thread of its own,
/// until stopped; the last reading before the child exits is its peak, give or take 2 ms.
final class PeakSampler: @unchecked Sendable {
  private let lock = NSLock()
  private var peak = 0
  private var running = true

  init(pid: Int32) {
    Thread.detachNewThread { [self] in
      while lock.withLock({ running }) {
        if let bytes = Self.highWaterMark(pid: pid) { lock.withLock { peak = max(peak, bytes) } }
        usleep(2000)
      }
    }
  }

  /// Stops sampling; returns the highest reading.
  func stop() -> Int {
    lock.withLock {
      running = false
      return peak
    }
  }

  private static func highWaterMark(pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }
}
