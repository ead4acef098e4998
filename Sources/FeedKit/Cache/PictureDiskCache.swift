import Foundation
import Synchronization

/// Pictures fetched from the web, kept on disk so that the next run (or a scroll back after an
/// eviction) does not fetch them again: under `$XDG_CACHE_HOME/cascade/pictures` (else
/// `~/.cache/cascade/pictures`), within a size budget, the least recently used removed first.
///
/// Each entry is one file named by a hash of its URL, holding the URL on its first line and the
/// picture's bytes after it, so that a hash collision reads as a miss, never as another
/// picture. Files are written to a temporary name and renamed into place: a crash mid-write
/// leaves a temporary file that is never served (and is swept on the next start), never half a
/// picture under an entry's name.
public final class PictureDiskCache: Sendable {
  public let directory: String
  /// The budget in bytes for all entries.
  public let budget: Int
  /// The bytes the entries take, as this process last counted them and has added since; nil
  /// until counted. A store adds its entry to it, and only a total past the budget reads the
  /// directory again: every store read every entry's attributes, which made a session's stores
  /// cost the square of the cache's entries (and Foundation's attributes look up the file's
  /// owner and group by name, thousands of reads of /etc/passwd).
  private let total = Mutex<Int?>(nil)

  /// The cache at the standard place; nil when there is no home to put it in.
  public static func standard(budget: Int, environment: [String: String]) -> PictureDiskCache? {
    let base: String
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = home + "/.cache"
    } else {
      return nil
    }
    return PictureDiskCache(directory: base + "/cascade/pictures", budget: budget)
  }

  public init?(directory: String, budget: Int) {
    self.directory = directory
    self.budget = max(0, budget)
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      return nil
    }
    sweepTemporaryFiles()
  }

  /// The bytes stored for `url`, if any; a hit counts as a use.
  public func bytes(for url: String) -> [UInt8]? {
    let path = self.path(for: url)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let header = Array((url + "\n").utf8)
    guard data.count >= header.count, data.prefix(header.count).elementsEqual(header) else {
      return nil
    }
    // The modification time is the entry's last use, which eviction reads.
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
    return Array(data.dropFirst(header.count))
  }

  /// Stores `bytes` for `url`, atomically, then evicts the least recently used entries past the
  /// budget.
  public func store(_ bytes: [UInt8], for url: String) {
    let header = Array((url + "\n").utf8)
    guard header.count + bytes.count <= budget else { return }
    let path = self.path(for: url)
    let temporary = path + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let data = Data(header + bytes)
    guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
    let replaced = Self.status(of: path)?.size ?? 0
    guard rename(temporary, path) == 0 else {
      unlink(temporary)
      return
    }
    total.withLock { total in total = total.map { $0 + data.count - replaced } }
    evict()
  }

  /// The bytes all entries take now.
  public var size: Int { entries().reduce(0) { $0 + $1.size } }

  /// Removes the least recently used entries until the cache is within its budget, when the
  /// entries' total (counted again now) is past it.
  func evict() {
    total.withLock { known in
      if let known, known <= budget { return }
      var all = entries()
      var sum = all.reduce(0) { $0 + $1.size }
      if sum > budget {
        all.sort { $0.used < $1.used }
        for entry in all where sum > budget {
          unlink(entry.path)
          sum -= entry.size
        }
      }
      known = sum
    }
  }

  private func entries() -> [(path: String, size: Int, used: Double)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { !$0.contains(".tmp-") }.compactMap { name in
      let path = directory + "/" + name
      return Self.status(of: path).map { (path, $0.size, $0.modified) }
    }
  }

  /// A regular file's size and modification time (seconds since 1970), by `stat` alone.
  private static func status(of path: String) -> (size: Int, modified: Double)? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    return (Int(status.st_size), modified)
  }

  private func sweepTemporaryFiles() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where name.contains(".tmp-") { unlink(directory + "/" + name) }
  }

  /// The entry's file: 64-bit FNV-1a of the URL, and its length, in hex. (`v` shows a picture
  /// from it.)
  public func path(for url: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return directory + "/" + String(hash, radix: 16) + "-" + String(url.utf8.count, radix: 16)
  }
}
