import FeedKit
import FeedModel
import FoundationEssentials
import Glibc
import Locking

/// Pictures fetched from the web, kept on disk so that the next run (or a scroll back after an
/// eviction) does not fetch them again: under `$XDG_CACHE_HOME/cascade/pictures` (else
/// `~/.cache/cascade/pictures`), within a size budget, the least recently used removed first.
///
/// Each entry is one file named by the SHA-256 of its key (a URL, or what a URL was drawn as),
/// holding that hash again on its first line and the bytes after it: a URL may carry a
/// password or a token, and neither its name nor its content gives the URL back, while a file
/// put under another entry's name reads as a miss, never as another picture. Files are
/// written to a temporary name and renamed into place: a crash mid-write leaves a temporary
/// file that is never served (and is swept on the next start), never half a picture under an
/// entry's name.
///
/// The cache touches only names it makes itself (64 hex digits, the older `hash-length` in
/// hex, and their temporaries), so a folder that holds anything else keeps it. Its folders are
/// opened without following a symbolic link, and everything is done relative to the folder so
/// opened: a cache folder that is a link to somewhere else is refused (`Refusal`), not emptied.
/// Folders are its owner's alone (0700) and files too (0600), whatever they were before.
public final class PictureDiskCache: Sendable {
  public let directory: String
  /// The budget in bytes for all entries.
  public let budget: Int
  /// The cache folder, opened without following links: every entry is reached through it.
  private let folder: Int32
  /// When an entry is used, in seconds since 1970; nil for the system's time.
  private let clock: (@Sendable () -> Double)?
  /// The bytes the entries take, as this process last counted them and has added since; nil
  /// until counted. A store adds its entry to it, and only a total past the budget reads the
  /// directory again: every store read every entry's attributes, which made a session's stores
  /// cost the square of the cache's entries.
  private let total = Locked<Int?>(nil)

  /// Why there is no disk cache this run.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    /// A folder of the cache's is a symbolic link: the cache would work on whatever it points
    /// to.
    case symbolicLink(String)
    /// A folder of the cache's belongs to another user.
    case notOwned(String)
    case unusable(String, code: Int32)

    public var description: String { description(cache: "picture cache", keeps: "pictures") }

    /// The refusal in words for the cache of `keeps` (the feeds' pages share this cache's
    /// code, in a folder of their own): "the `cache` folder … : `keeps` are not kept on disk
    /// this run".
    public func description(cache: String, keeps: String) -> String {
      switch self {
      case .symbolicLink(let path):
        "the \(cache) folder \(path) is a symbolic link, which is not followed: \(keeps) "
          + "are not kept on disk this run (make it a real folder, or use --no-cache)"
      case .notOwned(let path):
        "the \(cache) folder \(path) belongs to another user: \(keeps) are not kept on disk "
          + "this run"
      case .unusable(let path, let code):
        "the \(cache) folder \(path) cannot be used (\(String(cString: strerror(code)))): "
          + "\(keeps) are not kept on disk this run"
      }
    }
  }

  /// The cache at the standard place, or why it cannot be used; nil when there is no home to
  /// put it in.
  /// - Parameter folder: the cache's folder under `cascade`: `pictures`, or `feeds` for the
  ///   pages of feeds kept between runs (`PageStore`).
  public static func standard(
    budget: Int, environment: [String: String], folder: String = "pictures"
  ) -> Result<PictureDiskCache, Refusal>? {
    guard let base = XDGFolders(environment: environment).cache else { return nil }
    return open(directory: base + "/cascade/" + folder, budget: budget, within: base)
  }

  /// The cache in `directory`, or why it cannot be used.
  /// - Parameter base: the folder `directory` is made in, followed as its owner set it up
  ///   (`~/.cache` may well be a link to another disk); every folder below it is the cache's
  ///   own. By default `directory`'s parent.
  /// - Parameter clock: when an entry is used, in seconds since 1970 (its modification time,
  ///   which eviction reads); nil for the system's own time. Tests hand in theirs.
  public static func open(
    directory: String, budget: Int, within base: String? = nil,
    clock: (@Sendable () -> Double)? = nil
  ) -> Result<PictureDiskCache, Refusal> {
    let base = base ?? Self.parent(of: directory)
    switch openFolder(directory, within: base) {
    case .success(let folder):
      return .success(
        PictureDiskCache(directory: directory, budget: budget, folder: folder, clock: clock))
    case .failure(let refusal):
      return .failure(refusal)
    }
  }

  /// The cache in `directory`; nil when it cannot be used.
  public convenience init?(
    directory: String, budget: Int, clock: (@Sendable () -> Double)? = nil
  ) {
    let base = Self.parent(of: directory)
    guard case .success(let folder) = Self.openFolder(directory, within: base) else {
      return nil
    }
    self.init(directory: directory, budget: budget, folder: folder, clock: clock)
  }

  private init(directory: String, budget: Int, folder: Int32, clock: (@Sendable () -> Double)?) {
    self.directory = directory
    self.budget = max(0, budget)
    self.folder = folder
    self.clock = clock
    sweepTemporaryFiles()
  }

  /// Marks the entry open as `file` used now: its modification time, which eviction reads.
  private func touch(_ file: Int32) {
    guard let clock else {
      futimens(file, nil)
      return
    }
    let now = clock()
    let whole = now.rounded(.down)
    let moment = timespec(tv_sec: Int(whole), tv_nsec: Int((now - whole) * 1e9))
    let times = [moment, moment]
    _ = times.withUnsafeBufferPointer { futimens(file, $0.baseAddress) }
  }

  deinit { close(folder) }

  /// Opens `directory` folder by folder below `base`, creating what is missing, never following
  /// a link, and keeps each the owner's alone.
  private static func openFolder(_ directory: String, within base: String) -> Result<
    Int32, Refusal
  > {
    try? FileManager.default.createDirectory(
      atPath: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var current = Glibc.open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard current >= 0 else { return .failure(.unusable(base, code: errno)) }
    var path = base
    let rest = directory.hasPrefix(base) ? String(directory.dropFirst(base.count)) : directory
    for name in rest.split(separator: "/").map(String.init) {
      path += "/" + name
      if mkdirat(current, name, 0o700) != 0, errno != EEXIST {
        let code = errno
        close(current)
        return .failure(.unusable(path, code: code))
      }
      let next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      let code = errno
      var link = stat()
      let isLink =
        fstatat(current, name, &link, AT_SYMLINK_NOFOLLOW) == 0
        && link.st_mode & S_IFMT == S_IFLNK
      close(current)
      guard next >= 0 else {
        return .failure(isLink ? .symbolicLink(path) : .unusable(path, code: code))
      }
      var status = stat()
      guard fstat(next, &status) == 0, status.st_uid == geteuid() else {
        close(next)
        return .failure(.notOwned(path))
      }
      if status.st_mode & 0o777 != 0o700 { fchmod(next, 0o700) }
      current = next
    }
    return .success(current)
  }

  /// The bytes stored for `key`, if any and no more than `maxBytes` (nor than the cache's
  /// budget, which no entry it stored is over); a hit counts as a use.
  public func bytes(for key: String, atMost maxBytes: Int = .max) -> [UInt8]? {
    read(key, count: nil, atMost: maxBytes)
  }

  /// The first `count` bytes stored for `key` (fewer when it holds fewer), if any: what a
  /// picture's header is read from, never the whole of a large entry.
  public func prefix(for key: String, count: Int) -> [UInt8]? {
    read(key, count: max(0, count), atMost: .max)
  }

  /// An entry's bytes, all of them or the first `count`.
  ///
  /// The entry is opened without waiting (`O_NONBLOCK`: a FIFO put in its place would wait
  /// for a writer forever) and its type and size are checked before a byte is read: a FIFO,
  /// a device or a file larger than the budget (a 2 GB sparse file read whole took 4.2 GB) is
  /// a miss.
  private func read(_ key: String, count: Int?, atMost maxBytes: Int) -> [UInt8]? {
    let name = Self.name(for: key)
    let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let header = Array((name + "\n").utf8)
    let stored = Int(status.st_size) - header.count
    guard stored >= 0, stored <= budget, stored <= maxBytes else { return nil }
    let data = PictureFile.read(file, count: header.count + min(stored, count ?? stored))
    guard data.count >= header.count, data.prefix(header.count).elementsEqual(header) else {
      return nil
    }
    // The modification time is the entry's last use, which eviction reads.
    touch(file)
    if status.st_mode & 0o777 != 0o600 { fchmod(file, 0o600) }
    return Array(data.dropFirst(header.count))
  }

  /// Stores `bytes` for `key`, atomically, then evicts the least recently used entries past
  /// the budget.
  public func store(_ bytes: [UInt8], for key: String) {
    let name = Self.name(for: key)
    let header = Array((name + "\n").utf8)
    guard header.count + bytes.count <= budget else { return }
    let temporary = name + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let file = openat(
      folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard file >= 0 else { return }
    // Whatever the umask allowed: the owner's alone.
    fchmod(file, 0o600)
    let data = header + bytes
    let written = data.withUnsafeBytes { Self.writeAll($0, to: file) }
    if clock != nil { touch(file) }
    close(file)
    guard written else {
      unlinkat(folder, temporary, 0)
      return
    }
    let replaced = status(of: name)?.size ?? 0
    guard renameat(folder, temporary, folder, name) == 0 else {
      unlinkat(folder, temporary, 0)
      return
    }
    total.withLock { total in total = total.map { $0 + data.count - replaced } }
    evict()
  }

  /// Forgets what is stored for `key`: bytes that turned out not to be what they claimed.
  public func remove(_ key: String) {
    let name = Self.name(for: key)
    let replaced = status(of: name)?.size ?? 0
    guard unlinkat(folder, name, 0) == 0 else { return }
    total.withLock { total in total = total.map { $0 - replaced } }
  }

  /// The bytes all entries take now.
  public var size: Int { entries().reduce(0) { $0 + $1.size } }

  /// Removes the least recently used entries until the cache is within its budget, when the
  /// entries' total (counted again now) is past it.
  package func evict() {
    total.withLock { known in
      if let known, known <= budget { return }
      var all = entries()
      var sum = all.reduce(0) { $0 + $1.size }
      if sum > budget {
        all.sort { $0.used < $1.used }
        for entry in all where sum > budget {
          unlinkat(folder, entry.name, 0)
          sum -= entry.size
        }
      }
      known = sum
    }
  }

  /// The names in the cache folder.
  private func names() -> [String] {
    let copy = dup(folder)
    guard copy >= 0 else { return [] }
    guard let stream = fdopendir(copy) else {
      close(copy)
      return []
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = String(decoding: DirectoryEntry.name(entry), as: UTF8.self)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The cache's own entries: regular files under names it makes.
  private func entries() -> [(name: String, size: Int, used: Double)] {
    names().filter(Self.isEntryName).compactMap { name in
      status(of: name).map { (name, $0.size, $0.modified) }
    }
  }

  /// A regular file's size and modification time (seconds since 1970), by `stat` alone and
  /// without following a link.
  private func status(of name: String) -> (size: Int, modified: Double)? {
    var status = stat()
    guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
      status.st_mode & S_IFMT == S_IFREG
    else { return nil }
    let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    return (Int(status.st_size), modified)
  }

  /// Removes the temporary files a process that is gone left behind; one still running may be
  /// about to rename its own.
  private func sweepTemporaryFiles() {
    for name in names() {
      guard let owner = Self.temporaryOwner(name), owner != getpid() else { continue }
      if kill(owner, 0) == 0 || errno == EPERM { continue }
      unlinkat(folder, name, 0)
    }
  }

  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: Int32) -> Bool {
    guard let start = bytes.baseAddress else { return bytes.isEmpty }
    var offset = 0
    while offset < bytes.count {
      let count = write(file, start + offset, bytes.count - offset)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  /// The entry's file name: the SHA-256 of its key, in hex.
  package static func name(for key: String) -> String { SHA256.hex(key) }

  /// The entry's file.
  package func path(for key: String) -> String { directory + "/" + Self.name(for: key) }

  /// Whether the cache made `name` as an entry: 64 hex digits, or the older 64-bit hash and
  /// length in hex.
  package static func isEntryName(_ name: String) -> Bool { isEntryName(Substring(name)) }

  private static func isEntryName(_ name: Substring) -> Bool {
    let isHex = { (text: Substring) in
      text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
    if name.utf8.count == 64 { return isHex(name) }
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2
      && parts.allSatisfy { (1...16).contains($0.utf8.count) && isHex($0) }
  }

  /// The folder `path` is in, as `NSString.deletingLastPathComponent` gives it: `/a/b/` is in
  /// `/a`, `/a` in `/`, and a bare name in `` (the working folder).
  package static func parent(of path: String) -> String {
    var folder = path[...]
    while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
    guard let slash = folder.lastIndex(of: "/") else { return "" }
    let parent = folder[..<slash].trimming { $0 == "/" }
    return folder.hasPrefix("/") && !parent.hasPrefix("/") ? "/" + parent : parent
  }

  /// The process that made the temporary file `name`, when the cache made it:
  /// `ENTRY.tmp-PID-RANDOM`.
  package static func temporaryOwner(_ name: String) -> pid_t? {
    guard let marker = name.firstRange(of: ".tmp-"), isEntryName(name[..<marker.lowerBound]) else {
      return nil
    }
    let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let owner = pid_t(parts[0]), owner > 0, !parts[1].isEmpty,
      parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return owner
  }
}

/// The same entries serve feed pages kept between runs, in a folder of their own: named by
/// the SHA-256 of their address, within a budget, written atomically, the owner's alone.
extension PictureDiskCache: PageStore {}
