import FoundationEssentials
import Glibc
import Locking

/// The private folder `v` copies pictures into for the viewer: made with `mkdtemp` the first
/// time it is needed, checked before every use, removed when the browser ends.
///
/// Never a folder found by its name: a fixed name in a shared temporary folder can be taken
/// first by another user (a symlink to a folder of theirs, or a world-writable folder), and
/// the copies would land where they can read or replace them before the viewer opens them.
/// `mkdtemp` makes a new folder with a name no one could guess, 0700; it is then checked to
/// be a folder (not a symlink) that this user owns and no one else can enter.
final class ViewerFolder: Sendable {
  /// The folder it is made in: `$TMPDIR`, else `/tmp`.
  let parent: String
  private let made = Locked<String?>(nil)

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let folder = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    parent = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
  }

  /// Why the folder could not be made or is not safe to use.
  struct Refusal: Error {
    var reason: String
  }

  /// The folder's path, made on first use and checked on every use.
  func path() throws(Refusal) -> String {
    try made.withLock { (made: inout String?) throws(Refusal) -> String in
      if made == nil {
        var template = Array((parent + "/cascade-XXXXXX").utf8CString)
        guard let result = mkdtemp(&template) else {
          throw Refusal(
            reason: "cannot make a folder in \(parent): \(String(cString: strerror(errno)))")
        }
        made = String(cString: result)
      }
      let path = made ?? ""
      if let problem = Self.problem(with: path) {
        throw Refusal(reason: "\(path) \(problem)")
      }
      return path
    }
  }

  /// What makes `path` unsafe for private copies, nil when it is a real folder of this user's
  /// that only they can enter (0700).
  static func problem(with path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return "is gone" }
    guard status.st_mode & S_IFMT == S_IFDIR else { return "is not a folder" }
    guard status.st_uid == geteuid() else { return "belongs to another user" }
    guard status.st_mode & 0o777 == 0o700 else {
      return "can be entered by others (mode \(String(status.st_mode & 0o777, radix: 8)))"
    }
    return nil
  }

  /// Removes the folder and the copies in it, if it was made.
  func remove() {
    made.withLock { made in
      guard let path = made else { return }
      // Only what this folder holds: a symlink in it is removed, not followed.
      try? FileManager.default.removeItem(atPath: path)
      made = nil
    }
  }
}
