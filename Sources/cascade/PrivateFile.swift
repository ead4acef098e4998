import FoundationEssentials
import Glibc

/// A file of Cascade's own that is its owner's business (the feeds followed, the feeds opened
/// last): written whole through a temporary file renamed into place, so that a reader sees
/// the old file or the new and never half of one, the file readable by its owner alone
/// (0600) and its folder too (0700), whatever the umask or an older file allowed.
enum PrivateFile {
  /// Why a file could not be written, in words.
  struct SaveError: Error, CustomStringConvertible {
    var step: String
    var code: Int32?

    var description: String {
      code.map { "\(step): \(String(cString: strerror($0)))" } ?? step
    }
  }

  /// Writes `data` to `url` atomically, creating its folder.
  static func write(_ data: Data, to url: URL) throws(SaveError) {
    try makeFolder(for: url)
    let temporary = url.path + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SaveError(step: "cannot write \(temporary)", code: errno) }
    fchmod(descriptor, 0o600)
    let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    let code = errno
    close(descriptor)
    guard written == data.count else {
      unlink(temporary)
      throw SaveError(step: "cannot write \(temporary)", code: written < 0 ? code : ENOSPC)
    }
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw SaveError(step: "cannot replace \(url.path)", code: code)
    }
  }

  /// Runs `body` holding an exclusive lock on `url`'s lock file (`url` and `.lock`), so that
  /// of two browsers that read, change and write the file at once, the second reads what the
  /// first wrote.
  static func withLock<T>(
    on url: URL, _ body: () throws(SaveError) -> T
  ) throws(SaveError) -> T {
    try makeFolder(for: url)
    let lockPath = url.path + ".lock"
    let lock = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw SaveError(step: "cannot open \(lockPath)", code: errno) }
    defer { close(lock) }
    fchmod(lock, 0o600)
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else { throw SaveError(step: "cannot lock \(lockPath)", code: errno) }
    }
    defer { flock(lock, LOCK_UN) }
    return try body()
  }

  /// Creates the folder of `url`; it is the owner's alone (0700), whatever it was before.
  static func makeFolder(for url: URL) throws(SaveError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw SaveError(step: "cannot create the folder \(folder.path)", code: nil)
    }
    chmod(folder.path, 0o700)
  }
}
