import Foundation

/// A cache home whose `cascade/<folder>` is a symbolic link to a folder of the user's
/// (`theirs`): what the cache must refuse, not follow. Removed by `remove()`.
struct LinkedCacheFolder {
  /// The folder holding everything: `cache/` (the `XDG_CACHE_HOME`) and `documents/`.
  let base: URL
  /// The folder the link points to.
  let theirs: URL
  /// What to hand the binary as `XDG_CACHE_HOME`.
  var cacheHome: String { base.path + "/cache" }

  init(linking folder: String) throws {
    base = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-symlinked-\(UUID().uuidString)")
    theirs = base.appendingPathComponent("documents")
    try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
    let cascade = base.appendingPathComponent("cache/cascade")
    try FileManager.default.createDirectory(at: cascade, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: cascade.appendingPathComponent(folder), withDestinationURL: theirs)
  }

  func remove() { try? FileManager.default.removeItem(at: base) }
}
