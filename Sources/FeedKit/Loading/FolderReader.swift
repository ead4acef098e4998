import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of pictures as a feed (`cascade ~/Pictures`): every JPEG, PNG, WebP and GIF in it
/// (and in its subfolders with `--recursive`), in `--sort` order, each sized from its header.
///
/// Files are recognised by their first bytes, not their names, so a `.jpg` that is really a
/// text file is not a picture and a picture without an extension is. Other files are passed
/// over silently (a folder of photos has sidecar files); a file that starts like a picture but
/// whose header cannot be read is skipped with the reason. Hidden files and folders are passed
/// over, and symbolic links to folders are not followed (no loops).
enum FolderReader {
  private struct Entry {
    var path: String
    var modified: Double
    var size: Int
  }

  static func document(ofFolder folder: String, options: LoadOptions) throws(FeedError)
    -> FeedDocument
  {
    let root = absolute(folder)
    var entries: [Entry] = []
    try collect(root, depth: 0, into: &entries, options: options, source: folder)
    switch options.folderOrder {
    case .name: entries.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    case .time: entries.sort { ($0.modified, $1.path) > ($1.modified, $0.path) }
    case .size: entries.sort { ($0.size, $1.path) > ($1.size, $0.path) }
    }
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for entry in entries {
      let name = String(entry.path.dropFirst(root.count).drop { $0 == "/" })
      switch PictureSize.read({ count in prefix(of: entry.path, count: count) }) {
      case .size(let width, let height):
        let shape = ItemFields.clampShape(width: width, height: height)
        items.append(
          FeedItem(imageURL: entry.path, width: shape.width, height: shape.height, title: name))
      case .unreadable(let reason):
        skipped.record("\(name): \(reason)")
      }
    }
    return FeedDocument(items: items, skipped: skipped, title: folder)
  }

  private static func collect(
    _ folder: String, depth: Int, into entries: inout [Entry], options: LoadOptions,
    source: String
  ) throws(FeedError) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      throw .unreadable(source: folder, detail: "cannot list the folder; check its permissions")
    }
    for name in names where !name.hasPrefix(".") {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      let kind = status.st_mode & S_IFMT
      if kind == S_IFDIR {
        guard options.recursive, depth < options.maxDepth else { continue }
        try collect(path, depth: depth + 1, into: &entries, options: options, source: source)
        continue
      }
      // A link to a file is read; stat follows it.
      if kind == S_IFLNK {
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      } else if kind != S_IFREG {
        continue
      }
      guard PictureSize.isPicture(prefix(of: path, count: 12)) else { continue }
      guard entries.count < options.maxItems else {
        throw .limitExceeded(source: source, limit: .itemCount(options.maxItems), location: nil)
      }
      let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
      entries.append(Entry(path: path, modified: modified, size: Int(status.st_size)))
    }
  }

  /// The first `count` bytes of a file (fewer when it is shorter; none when unreadable).
  static func prefix(of path: String, count: Int) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    return read(descriptor, count: count)
  }

  /// Up to `count` bytes from an open descriptor, reading until they are in or the file ends.
  static func read(_ descriptor: Int32, count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    return Array(bytes.prefix(filled))
  }

  private static func absolute(_ path: String) -> String {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    if trimmed.hasPrefix("/") { return trimmed }
    return FileManager.default.currentDirectoryPath + "/" + trimmed
  }
}
