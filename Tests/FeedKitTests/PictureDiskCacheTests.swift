import Foundation
import Testing

@testable import FeedKit

@Suite struct PictureDiskCacheTests {
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
    FileManager.default.createFile(
      atPath: cache.path(for: url), contents: Data("https://evil.example/x\n\u{1}\u{2}".utf8))
    #expect(cache.bytes(for: url) == nil)
  }

  @Test func theLeastRecentlyUsedGoFirstPastTheBudget() throws {
    let path = folder()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let cache = try #require(PictureDiskCache(directory: path, budget: 3_000))
    let chunk = [UInt8](repeating: 7, count: 900)
    for name in ["a", "b", "c"] {
      cache.store(chunk, for: "https://example.com/\(name)")
      // Modification times order the entries; keep them apart.
      Thread.sleep(forTimeInterval: 0.02)
    }
    _ = cache.bytes(for: "https://example.com/a")  // a is now the most recent
    Thread.sleep(forTimeInterval: 0.02)
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
    let earlier = try #require(PictureDiskCache(directory: path, budget: 3_000))
    for name in ["a", "b", "c"] {
      earlier.store(chunk, for: "https://example.com/\(name)")
      Thread.sleep(forTimeInterval: 0.02)
    }
    let cache = try #require(PictureDiskCache(directory: path, budget: 3_000))
    for _ in 0..<10 { cache.store(chunk, for: "https://example.com/c") }
    #expect(cache.bytes(for: "https://example.com/a") == chunk, "c stored again is one entry")
    Thread.sleep(forTimeInterval: 0.02)
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
    let temporary = cache.path(for: url) + ".tmp-123-456"
    FileManager.default.createFile(atPath: temporary, contents: Data((url + "\nhalf").utf8))
    #expect(cache.bytes(for: url) == nil)
    _ = PictureDiskCache(directory: path, budget: 1 << 20)
    #expect(!FileManager.default.fileExists(atPath: temporary))
  }

  @Test func theStandardPlaceFollowsXDG() throws {
    let xdg = PictureDiskCache.standard(
      budget: 1, environment: ["XDG_CACHE_HOME": "/tmp/cascade-xdg-\(UUID().uuidString)"])
    #expect(xdg?.directory.hasSuffix("/cascade/pictures") == true)
    #expect(PictureDiskCache.standard(budget: 1, environment: [:]) == nil)
    if let directory = xdg?.directory {
      try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent)
    }
  }
}
