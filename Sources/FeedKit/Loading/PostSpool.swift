import FeedModel
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The posts' whole HTML, kept on disk while the browser runs, so that an item in memory keeps
/// only the first kilobyte of its text (`ItemAbout.summary`) and the post view reads the rest
/// when it is opened.
///
/// One file in the temporary folder, removed from the folder as soon as it is open (so nothing
/// is left there, whatever way the program ends), written at its end and read at an offset.
/// Each post holds at most `PostText.maximumBytes` (and one byte more, to know it was cut), the
/// file at most `maximumFileBytes`; past that posts are not kept and show their summary.
///
/// Posts are written a `writeBytes` batch at a time, and read from the batch while it waits:
/// a write a post made 15,000 system calls for 300 feeds of 50 items, a tenth of their
/// decoding.
///
/// The decoders hand posts to the spool the program installed (`installed`): none is installed
/// in a library's use, and decoding then keeps nothing.
package final class PostSpool: Sendable {
  /// The most the file holds.
  package static let maximumFileBytes: Int64 = 512 << 20

  private struct Kept {
    var offset: Int64
    var length: Int
  }

  /// The most a batch holds before it is written.
  package static let writeBytes = 256 << 10

  private struct Contents {
    var posts: [String: Kept] = [:]
    /// Where the next post goes: the file's end with the batch written.
    var end: Int64 = 0
    /// Posts kept and not yet written, from `batchStart` in the file.
    var batch: [UInt8] = []
    var batchStart: Int64 = 0
  }

  private let descriptor: Int32
  private let contents = Locked(Contents())

  private static let current = Locked<PostSpool?>(nil)

  /// The spool the decoders keep posts in, if the program installed one.
  package static var installed: PostSpool? { current.withLock { $0 } }

  /// Opens a spool in `folder` and installs it; nil (and posts are not kept) when the file
  /// cannot be made.
  @discardableResult
  package static func install(in folder: String) -> PostSpool? {
    let spool = make(in: folder)
    current.withLock { $0 = spool }
    return spool
  }

  /// Takes the installed spool away: decoding keeps no posts again.
  package static func uninstall() { current.withLock { $0 = nil } }

  /// Opens a spool in `folder`, not installed.
  package static func make(in folder: String) -> PostSpool? {
    var template = Array((folder + "/cascade-posts-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let start = buffer.baseAddress else { return -1 }
      let descriptor = mkstemp(start)
      if descriptor >= 0 { unlink(start) }
      return descriptor
    }
    guard descriptor >= 0 else { return nil }
    return PostSpool(descriptor: descriptor)
  }

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  /// Keeps `html` as the post of `item` (an earlier post of the same key is replaced).
  package func keep(_ html: String, for item: FeedItem) {
    guard let key = item.postKey, !html.isEmpty else { return }
    let bytes = html.utf8.prefix(PostText.maximumBytes + 1)
    contents.withLock { contents in
      guard contents.end + Int64(bytes.count) <= Self.maximumFileBytes else { return }
      contents.posts[key] = Kept(offset: contents.end, length: bytes.count)
      contents.end += Int64(bytes.count)
      contents.batch.append(contentsOf: bytes)
      if contents.batch.count >= Self.writeBytes { write(&contents) }
    }
  }

  /// Writes the batch at its place in the file; the posts of a batch that could not be
  /// written whole are forgotten, and show their summary.
  private func write(_ contents: inout Contents) {
    let written = contents.batch.withUnsafeBytes { buffer in
      pwrite(descriptor, buffer.baseAddress, buffer.count, off_t(contents.batchStart))
    }
    if written != contents.batch.count {
      let lost = contents.batchStart..<contents.end
      contents.posts = contents.posts.filter { !lost.contains($0.value.offset) }
    }
    contents.batch.removeAll(keepingCapacity: true)
    contents.batchStart = contents.end
  }

  /// The post kept for `key`, from the batch or read back from disk; nil when none was kept.
  package func html(for key: String) -> String? {
    let found = contents.withLock { contents -> (Kept, [UInt8]?)? in
      guard let kept = contents.posts[key] else { return nil }
      guard kept.offset >= contents.batchStart else { return (kept, nil) }
      let from = Int(kept.offset - contents.batchStart)
      return (kept, Array(contents.batch[from..<from + kept.length]))
    }
    guard let (kept, waiting) = found else { return nil }
    if let waiting { return String(decoding: waiting, as: UTF8.self) }
    var bytes = [UInt8](repeating: 0, count: kept.length)
    let read = bytes.withUnsafeMutableBytes { buffer in
      pread(descriptor, buffer.baseAddress, buffer.count, off_t(kept.offset))
    }
    guard read == kept.length else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Keeps `html` for `item` in the installed spool, if there is one.
  package static func keep(_ html: String?, for item: FeedItem) {
    guard let html, let spool = installed else { return }
    spool.keep(html, for: item)
  }
}
