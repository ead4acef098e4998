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
/// The decoders hand posts to the spool the program installed (`installed`): none is installed
/// in a library's use, and decoding then keeps nothing.
package final class PostSpool: Sendable {
  /// The most the file holds.
  package static let maximumFileBytes: Int64 = 512 << 20

  private struct Kept {
    var offset: Int64
    var length: Int
  }

  private struct Contents {
    var posts: [String: Kept] = [:]
    var end: Int64 = 0
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
    var bytes = Array(html.utf8.prefix(PostText.maximumBytes + 1))
    let offset: Int64? = contents.withLock { contents in
      guard contents.end + Int64(bytes.count) <= Self.maximumFileBytes else { return nil }
      let offset = contents.end
      contents.end += Int64(bytes.count)
      return offset
    }
    guard let offset else { return }
    let written = bytes.withUnsafeMutableBytes { buffer in
      pwrite(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
    }
    guard written == bytes.count else { return }
    bytes = []
    contents.withLock { $0.posts[key] = Kept(offset: offset, length: written) }
  }

  /// The post kept for `key`, read back from disk; nil when none was kept.
  package func html(for key: String) -> String? {
    guard let kept = contents.withLock({ $0.posts[key] }) else { return nil }
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
