import Foundation
import Testing

/// Output that cannot be written: a full disk, a closed standard output. Each trapped in
/// `FileHandle.write` with a backtrace, or (`layout`) ended with status 0 and nothing written.
@Suite struct OutputFailureTests {
  /// Runs `cascade ARGS` through the shell with standard output redirected by `redirect`.
  private func run(_ arguments: String, redirect: String) async throws -> CascadeProcess.Result {
    try await CascadeProcess.run(
      ["-c", "exec \"$0\" \(arguments) \(redirect)", CascadeProcess.binary.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
  }

  @Test(arguments: ["--version", "--help", "--print-config", "layout --width 100"])
  func aFullDiskIsAnErrorWithStatus1(arguments: String) async throws {
    let result = try await run(arguments, redirect: ">/dev/full")
    #expect(result.status == 1)
    #expect(result.stderr == "cascade: cannot write the output: No space left on device\n")
  }

  @Test(arguments: ["--version", "print --width 60 --height 8", "layout --width 100"])
  func aClosedOutputIsAnErrorWithStatus1(arguments: String) async throws {
    let result = try await run(arguments, redirect: ">&-")
    #expect(result.status == 1)
    #expect(result.stderr.hasSuffix("cascade: cannot write the output: Bad file descriptor\n"))
  }

  /// A reader that stops early is not an error: the output just ends.
  @Test func aReaderThatStopsEndsTheOutputQuietly() async throws {
    let result = try await CascadeProcess.run(
      ["-c", "\"$0\" layout --width 100 | head -c 10 >/dev/null", CascadeProcess.binary.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.stderr.isEmpty)
  }
}
