import FeedModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A picture file given as a FEED (`cascade photo.jpg`, `cascade *.jpg`): a feed of one item,
/// the picture, titled with its file name and sized from its header, as a folder's pictures
/// are (`FolderReader`). Its feed is not named apart: the picture's path is its feed.
enum PictureFileFeed {
  /// The item of the picture at `path`; nil when `path` is not a regular file that starts like
  /// a picture Cascade decodes (a feed, a folder, a missing file: for the feed readers to
  /// read or to say why not).
  /// - Throws: `FeedError.unreadable` for a picture whose header cannot be read, or one in a
  ///   format Cascade does not decode.
  static func item(at path: String) throws(FeedError) -> FeedItem? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return try item(descriptor: descriptor, path: path)
  }

  /// The item of the picture open at `descriptor` (a regular file), read from its start
  /// whatever has been read of it; nil when it is not a picture.
  static func item(descriptor: Int32, path: String) throws(FeedError) -> FeedItem? {
    let start = prefix(descriptor, count: 12)
    guard PictureSize.isPicture(start) else {
      if let reason = PictureSize.foreignPicture(start) {
        throw .unreadable(source: path, detail: reason)
      }
      return nil
    }
    switch PictureSize.read({ (count: Int) in prefix(descriptor, count: count) }) {
    case .size(let width, let height):
      let shape = ItemFields.clampShape(width: width, height: height)
      return FeedItem(
        imageURL: FeedLoader.absolutePath(path), width: shape.width, height: shape.height,
        title: path.split(separator: "/").last.map(String.init) ?? path)
    case .unreadable(let reason):
      throw .unreadable(source: path, detail: reason)
    }
  }

  /// Up to `count` bytes from the file's start.
  private static func prefix(_ descriptor: Int32, count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(filled))
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    return Array(bytes.prefix(filled))
  }
}
