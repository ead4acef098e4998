import FeedModel
import FoundationEssentials

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
/// whose header cannot be read, and a picture in a format Cascade does not decode (HEIC, AVIF,
/// JPEG XL, BMP, TIFF and camera raw files), is skipped with the reason. Hidden files and folders are passed
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
    var skipped = SkipReport()
    guard let listing = FolderListing.names(of: root) else {
      throw .unreadable(source: folder, detail: "cannot list the folder; check its permissions")
    }
    try collect(
      listing, in: root, of: root, depth: 0, into: &entries, skipped: &skipped, options: options,
      source: folder)
    switch options.folderOrder {
    case .name: entries.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    case .time: entries.sort { ($0.modified, $1.path) > ($1.modified, $0.path) }
    case .size: entries.sort { ($0.size, $1.path) > ($1.size, $0.path) }
    }
    var items: [FeedItem] = []
    for entry in entries {
      let name = Self.name(of: entry.path, in: root)
      let outcome: PictureSize.Outcome
      do {
        outcome = try PictureSize.read { (count: Int) throws(FeedError) in
          try PictureFile.prefix(of: entry.path, count: count)
        }
      } catch {
        outcome = .unreadable(reason(error))
      }
      switch outcome {
      case .size(let width, let height):
        let shape = ItemFields.clampShape(width: width, height: height)
        items.append(
          FeedItem(imageURL: entry.path, width: shape.width, height: shape.height, title: name))
      case .unreadable(let reason):
        skipped.record("\(shown(entry.path, in: root)): \(reason)")
      }
    }
    return FeedDocument(items: items, skipped: skipped, title: folder)
  }

  /// Adds the pictures among `names` (the entries of `folder`) to `entries`, and those of its
  /// subfolders with `--recursive`. A subfolder that cannot be listed, and a file that starts
  /// out unreadable, are skipped with the reason: one locked folder does not cost the rest.
  private static func collect(
    _ listing: (names: [String], undecodable: [String]), in folder: String, of root: String,
    depth: Int, into entries: inout [Entry], skipped: inout SkipReport, options: LoadOptions,
    source: String
  ) throws(FeedError) {
    for name in listing.undecodable {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      skipped.record(
        "\(shown(path, in: root)): its name is not UTF-8, which Cascade cannot open a file by; "
          + "rename it (convmv -f latin1 -t utf8 renames a folder's)")
    }
    for name in listing.names where !name.hasPrefix(".") {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      let kind = status.st_mode & S_IFMT
      if kind == S_IFDIR {
        guard options.recursive, depth < options.maxDepth else { continue }
        guard let inner = FolderListing.names(of: path) else {
          skipped.record("\(shown(path, in: root)): cannot list the folder; check its permissions")
          continue
        }
        try collect(
          inner, in: path, of: root, depth: depth + 1, into: &entries, skipped: &skipped,
          options: options, source: source)
        continue
      }
      // A link to a file is read; stat follows it.
      if kind == S_IFLNK {
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      } else if kind != S_IFREG {
        continue
      }
      let start: [UInt8]
      do {
        start = try PictureFile.prefix(of: path, count: 12)
      } catch {
        skipped.record("\(shown(path, in: root)): \(reason(error))")
        continue
      }
      guard PictureSize.isPicture(start) else {
        // A photo in a format Cascade does not decode is named, not passed over like a
        // sidecar file: the person expected to see it.
        if let reason = PictureSize.foreignPicture(start) {
          skipped.record("\(shown(path, in: root)): \(reason)")
        }
        continue
      }
      guard entries.count < options.maxItems else {
        throw .limitExceeded(source: source, limit: .itemCount(options.maxItems), location: nil)
      }
      let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
      entries.append(Entry(path: path, modified: modified, size: Int(status.st_size)))
    }
  }

  /// Why a file could not be read, without the path the skip report already names.
  private static func reason(_ error: FeedError) -> String {
    if case .unreadable(_, let detail) = error { return detail }
    return error.description
  }

  /// `path` from inside `root`, as the item's title and in skip reasons.
  private static func name(of path: String, in root: String) -> String {
    String(path.dropFirst(root.count).drop { $0 == "/" })
  }

  /// A file's name for a skip reason: control characters escaped (`\u{1b}`), as in errors, so
  /// the reader can still find a file whose name holds one.
  private static func shown(_ path: String, in root: String) -> String {
    ItemFields.escapingControls(name(of: path, in: root))
  }

  private static func absolute(_ path: String) -> String {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    if trimmed.hasPrefix("/") { return trimmed }
    return FileManager.default.currentDirectoryPath + "/" + trimmed
  }
}
