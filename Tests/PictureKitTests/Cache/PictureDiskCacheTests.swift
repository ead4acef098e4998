import Foundation
import Locking
import Testing

@testable import FeedKit
@testable import PictureKit

@Suite struct PictureDiskCacheTests {
  /// A clock that starts in 2026 and moves a second each time it is read.
  static func clock() -> @Sendable () -> Double {
    let time = Locked(1_780_000_000.0)
    return {
      time.withLock {
        $0 += 1
        return $0
      }
    }
  }

  func folder() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-disk-\(UUID().uuidString)").path
  }

  @Test func storedBytesComeBackForTheirURLOnly() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cache = try #require(PictureDiskCache(directory: path, budget: 1 << 20))
    cache.store([1, 2, 3], for: "https://example.com/a.jpg")
    #expect(cache.bytes(for: "https://example.com/a.jpg") == [1, 2, 3])
    #expect(cache.bytes(for: "https://example.com/b.jpg") == nil)
  }

  @Test func anEntryWhoseURLDiffersIsAMissNotAnotherPicture() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cache = try #require(PictureDiskCache(directory: path, budget: 1 << 20))
    let url = "https://example.com/a.jpg"
    // A collision: another URL's entry under this URL's file name.
    _ = FileManager.default.createFile(
      atPath: cache.path(for: url), contents: Data("https://evil.example/x\n\u{1}\u{2}".utf8))
    #expect(cache.bytes(for: url) == nil)
  }

  /// A FIFO in place of an entry is a miss at once: opened without waiting and its type
  /// checked, it does not wait for a writer (`cascade print` hung on one).
  @Test func aFIFOInPlaceOfAnEntryIsAMiss() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cache = try #require(PictureDiskCache(directory: path, budget: 1 << 20))
    let url = "https://example.com/fifo.png"
    #expect(mkfifo(cache.path(for: url), 0o600) == 0)
    let done = DispatchSemaphore(value: 0)
    let result = Locked<[UInt8]??>(nil)
    Thread.detachNewThread {
      result.withLock { $0 = .some(cache.bytes(for: url)) }
      done.signal()
    }
    let finished = done.wait(timeout: .now() + 20) == .success
    if !finished {
      // A reader blocked in `open` is let go by a writer's open.
      let writer = open(cache.path(for: url), O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
      done.wait()
    }
    #expect(finished, "reading the entry waited for a writer")
    #expect(result.withLock { $0 } == .some(nil))
    #expect(cache.prefix(for: url, count: 8) == nil)
  }

  /// An entry larger than the budget (a sparse file of hundreds of MB under an entry's name)
  /// is a miss, its size checked before a byte is read; a prefix reads only its start.
  @Test func anEntryOverTheBudgetIsNotReadWhole() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cache = try #require(PictureDiskCache(directory: path, budget: 1 << 20))
    let url = "https://example.com/sparse.png"
    cache.store([9, 8, 7, 6], for: url)
    #expect(cache.prefix(for: url, count: 2) == [9, 8])
    #expect(cache.bytes(for: url, atMost: 3) == nil, "over the caller's limit")
    #expect(truncate(cache.path(for: url), 200 << 20) == 0)
    #expect(cache.bytes(for: url) == nil)
    #expect(cache.prefix(for: url, count: 2) == nil)
  }

  @Test func theLeastRecentlyUsedGoFirstPastTheBudget() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    // A clock that ticks a second at each use: the entries' times are apart without a sleep.
    let clock = Self.clock()
    let cache = try #require(PictureDiskCache(directory: path, budget: 3_000, clock: clock))
    let chunk = [UInt8](repeating: 7, count: 900)
    for name in ["a", "b", "c"] {
      cache.store(chunk, for: "https://example.com/\(name)")
    }
    _ = cache.bytes(for: "https://example.com/a")  // a is now the most recent
    cache.store(chunk, for: "https://example.com/d")
    #expect(cache.size <= 3_000)
    #expect(cache.bytes(for: "https://example.com/b") == nil, "b was the least recently used")
    #expect(cache.bytes(for: "https://example.com/a") == chunk)
    #expect(cache.bytes(for: "https://example.com/d") == chunk)
  }

  /// The budget holds for entries another run (or another process) stored, and an entry
  /// stored again counts once: a store counts what it adds, and the folder is read again only
  /// when that count passes the budget.
  @Test func theBudgetHoldsAcrossRunsAndRestores() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let chunk = [UInt8](repeating: 7, count: 900)
    let clock = Self.clock()
    let earlier = try #require(PictureDiskCache(directory: path, budget: 3_000, clock: clock))
    for name in ["a", "b", "c"] {
      earlier.store(chunk, for: "https://example.com/\(name)")
    }
    let cache = try #require(PictureDiskCache(directory: path, budget: 3_000, clock: clock))
    for _ in 0..<10 { cache.store(chunk, for: "https://example.com/c") }
    #expect(cache.bytes(for: "https://example.com/a") == chunk, "c stored again is one entry")
    cache.store(chunk, for: "https://example.com/d")
    #expect(cache.size <= 3_000)
    #expect(cache.bytes(for: "https://example.com/b") == nil, "b, from the earlier run, went")
    #expect(cache.bytes(for: "https://example.com/d") == chunk)
  }

  @Test func aWriteCutShortIsNeverServedAndIsSweptOnTheNextStart() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cache = try #require(PictureDiskCache(directory: path, budget: 1 << 20))
    let url = "https://example.com/a.jpg"
    // What a crash between writing and renaming leaves behind.
    // The process that wrote it is gone: no process has such an id.
    let temporary = cache.path(for: url) + ".tmp-99999999-456"
    _ = FileManager.default.createFile(atPath: temporary, contents: Data((url + "\nhalf").utf8))
    #expect(cache.bytes(for: url) == nil)
    _ = PictureDiskCache(directory: path, budget: 1 << 20)
    #expect(!FileManager.default.fileExists(atPath: temporary))
  }

  @Test func theStandardPlaceFollowsXDG() throws {
    // Removed whole afterwards: removing its `cascade` folder alone left it in /tmp each run.
    let home = "/tmp/cascade-xdg-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: home) }
    let xdg = try? PictureDiskCache.standard(budget: 1, environment: ["XDG_CACHE_HOME": home])?
      .get()
    #expect(xdg?.directory.hasSuffix("/cascade/pictures") == true)
    #expect(PictureDiskCache.standard(budget: 1, environment: [:]) == nil)
  }

  /// The user's files in the cache folder, under names a cache entry cannot have: eviction
  /// past the budget and the start-up sweep leave every one of them.
  @Test func evictionAndTheSweepTouchOnlyTheCachesOwnNames() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cache = try #require(PictureDiskCache(directory: path, budget: 3_000))
    let theirs = [
      "notes.txt", "draft.tmp-1", "photo.jpg.tmp-2-3", "0123abcd", "a-b-c",
      PictureDiskCache.name(for: "x") + ".bak",
    ]
    for name in theirs {
      _ = FileManager.default.createFile(
        atPath: path + "/" + name, contents: Data(repeating: 1, count: 2_000))
    }
    let chunk = [UInt8](repeating: 7, count: 900)
    for name in ["a", "b", "c", "d", "e"] { cache.store(chunk, for: "https://example.com/\(name)") }
    #expect(cache.size <= 3_000)
    _ = PictureDiskCache(directory: path, budget: 3_000)
    for name in theirs {
      #expect(FileManager.default.fileExists(atPath: path + "/" + name), "\(name) was deleted")
    }
  }

  /// A cache folder that is a link to a folder of the user's is refused, with a reason that
  /// says so; nothing in the folder it points to is touched.
  @Test func aSymlinkedCacheFolderIsRefusedNotFollowed() throws {
    let base = folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let theirs = base + "/documents"
    try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: base + "/cache/cascade", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: base + "/cache/cascade/pictures", withDestinationPath: theirs)
    let files = (0..<5).map { theirs + "/file\($0)" }
    for file in files {
      _ = FileManager.default.createFile(atPath: file, contents: Data(repeating: 1, count: 900))
    }
    let opened = try #require(
      PictureDiskCache.standard(budget: 100, environment: ["XDG_CACHE_HOME": base + "/cache"]))
    guard case .failure(let refusal) = opened else {
      Issue.record("a symlinked cache folder was used")
      return
    }
    #expect(refusal == .symbolicLink(base + "/cache/cascade/pictures"))
    #expect(refusal.description.contains("symbolic link, which is not followed"))
    #expect(refusal.description.contains("pictures are not kept on disk"))
    // The feeds' pages share the code and name their own cache.
    let pages = refusal.description(cache: "feed page cache", keeps: "feed pages")
    #expect(pages.hasPrefix("the feed page cache folder \(base)/cache/cascade/pictures is a"))
    #expect(pages.contains("feed pages are not kept on disk this run"))
    #expect(PictureDiskCache(directory: base + "/cache/cascade/pictures", budget: 100) == nil)
    for file in files { #expect(FileManager.default.fileExists(atPath: file)) }
    let mode = try FileManager.default.attributesOfItem(atPath: theirs)[.posixPermissions] as? Int
    #expect(mode != 0o700, "the linked folder's mode was changed")
  }

  /// What the cache writes is its owner's alone, whatever the folder was made with before or
  /// the umask allows; a URL's password or token is on disk neither in a name nor in a file.
  @Test func entriesAreTheOwnersAloneAndKeepNoURL() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let cache = try #require(PictureDiskCache(directory: path, budget: 1 << 20))
    let url = "https://user:hunter2@example.com/a.jpg?api_key=SECRET123"
    let previous = umask(0)
    cache.store([1, 2, 3], for: url)
    umask(previous)
    #expect(cache.bytes(for: url) == [1, 2, 3])
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o700)
    let names = try FileManager.default.contentsOfDirectory(atPath: path)
    #expect(names.count == 1)
    for name in names {
      let file = try FileManager.default.attributesOfItem(atPath: path + "/" + name)
      #expect(file[.posixPermissions] as? Int == 0o600)
      let text = String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)), as: UTF8.self)
      #expect(!text.contains("hunter2") && !text.contains("SECRET123") && !name.contains("example"))
    }
  }

  @Test func sha256MatchesTheStandardVectors() {
    #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(SHA256.hex(String(repeating: "a", count: 1_000)).count == 64)
  }

  /// The folder the cache is made in is its own folder's parent, as NSString said it.
  @Test(arguments: [
    ("/home/a/.cache/cascade", "/home/a/.cache"), ("/home/a/.cache/cascade/", "/home/a/.cache"),
    ("/cascade", "/"), ("/", "/"), ("cache/cascade", "cache"), ("cascade", ""),
    ("/a//b", "/a"),
  ])
  func parentIsTheFolderAbove(path: String, parent: String) {
    #expect(PictureDiskCache.parent(of: path) == parent)
  }
}
