import Dispatch
import FeedModel
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and decodes a local file or the standard input, streaming: the decoder walks the bytes
/// as they are read and gives back those it has passed (`StreamedBytes`), so a 90 MB feed does
/// not sit in memory beside its items. The body-size limit is enforced while reading, so a huge
/// or endless input is an error rather than an out-of-memory.
///
/// Reads block, so they run on a thread of their own, not on Swift's cooperative threads.
enum LocalReader {
  /// - Parameters:
  ///   - readSize: bytes per `read`; tests make it small.
  ///   - takeItems: given a classic document's items while it is decoded, which then leave the
  ///     document (`FeedDocument.decode(_:format:origin:options:expectedBytes:takeItems:)`).
  static func document(
    ofFile path: String, options: LoadOptions, readSize: Int = 1 << 20,
    takeItems: (@Sendable ([FeedItem]) -> Void)? = nil
  ) async throws(FeedError) -> FeedDocument {
    try await runOffThread { () throws(FeedError) -> FeedDocument in
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw .unreadable(source: path, detail: PictureFile.describe(errno: errno))
      }
      defer { close(descriptor) }
      var status = stat()
      var expectedBytes: Int?
      if fstat(descriptor, &status) == 0 {
        if status.st_mode & S_IFMT == S_IFDIR {
          return try FolderReader.document(ofFolder: path, options: options)
        }
        // A regular file's size is known: too large is said before anything is read.
        if status.st_mode & S_IFMT == S_IFREG {
          // A picture is a feed of one item: `cascade photo.jpg`, as an image viewer opens it.
          if let picture = try PictureFileFeed.item(descriptor: descriptor, path: path) {
            return FeedDocument(items: [picture], title: path)
          }
          guard Int(status.st_size) <= options.maxBytes else {
            throw .limitExceeded(source: path, limit: .bodySize(options.maxBytes), location: nil)
          }
          expectedBytes = Int(status.st_size)
        }
      }
      options.progress?.expect(total: expectedBytes)
      return try FeedDocument.decode(
        reading: DescriptorInput(descriptor: descriptor, source: path), origin: path,
        options: options, readSize: readSize, expectedBytes: expectedBytes, takeItems: takeItems)
    }
  }

  static func standardInputDocument(
    options: LoadOptions, takeItems: (@Sendable ([FeedItem]) -> Void)? = nil
  ) async throws(FeedError) -> FeedDocument {
    try await document(
      ofDescriptor: STDIN_FILENO, source: FeedSource.standardInput.displayName, options: options,
      takeItems: takeItems)
  }

  /// Reads and decodes an open descriptor (a pipe, a terminal, a file) to its end; does not
  /// close it.
  static func document(
    ofDescriptor descriptor: Int32, source: String, options: LoadOptions, readSize: Int = 1 << 20,
    takeItems: (@Sendable ([FeedItem]) -> Void)? = nil
  ) async throws(FeedError) -> FeedDocument {
    try await runOffThread { () throws(FeedError) -> FeedDocument in
      try FeedDocument.decode(
        reading: DescriptorInput(descriptor: descriptor, source: source), origin: source,
        options: options, readSize: readSize, takeItems: takeItems)
    }
  }
}
