import Foundation

/// A copy of the built `cascade` binary alone in a temporary folder: what a person gets who
/// copies the binary elsewhere, without SwiftPM's build folder beside it.
struct CopiedBinary {
  let folder: URL
  var binary: URL { folder.appendingPathComponent("cascade") }

  static func make() async throws -> CopiedBinary {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-copy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = CopiedBinary(folder: folder)
    // Copied by cp, not by this process: a file this process held open for writing could be
    // inherited by a child another test forks meanwhile, and exec would fail with ETXTBSY.
    let cp = try await CascadeProcess.run(
      ["-p", CascadeProcess.binary.path, copy.binary.path],
      executable: URL(fileURLWithPath: "/bin/cp"))
    guard cp.status == 0 else {
      copy.remove()
      throw CopyFailed(stderr: cp.stderr)
    }
    return copy
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  struct CopyFailed: Error, CustomStringConvertible {
    var stderr: String
    var description: String { "cp of the built cascade binary failed: \(stderr)" }
  }
}
