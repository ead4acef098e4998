import FeedModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A local picture, read only when it is a regular file. A feed can name any path: `/dev/tty`
/// would take the user's keys, a FIFO would wait for a writer forever, `/dev/zero` never ends.
/// So the file is opened without waiting (`O_NONBLOCK`, which also keeps a FIFO's open from
/// blocking) and checked with `fstat` before a byte is read.
package enum PictureFile {
  /// An open descriptor of the regular file at `path`, for the caller to close; or why not.
  package static func open(_ path: String) throws(FeedError) -> (descriptor: Int32, size: Int) {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw .unreadable(source: path, detail: describe(errno: errno))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .unreadable(source: path, detail: "not a regular file")
    }
    return (descriptor, Int(status.st_size))
  }

  /// The first `count` bytes of the file at `path` (fewer when it is shorter).
  package static func prefix(of path: String, count: Int) throws(FeedError) -> [UInt8] {
    let file = try open(path)
    defer { close(file.descriptor) }
    return read(file.descriptor, count: count)
  }

  /// Up to `count` bytes from an open descriptor, reading until they are in or the file ends.
  package static func read(_ descriptor: Int32, count: Int) -> [UInt8] {
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

  /// An `open` failure in words a person can act on.
  package static func describe(errno code: Int32) -> String {
    switch code {
    case ENOENT: "no such file; check the path"
    case EACCES: "permission denied; check the file's permissions"
    case ENOTDIR: "a part of the path is not a folder; check the path"
    default: String(cString: strerror(code))
    }
  }
}
