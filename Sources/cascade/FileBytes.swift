import Glibc

/// A file's first bytes, read with the C library: for the config and OPML files, which are read
/// whole but only up to a bound, so that `-C /dev/zero` or a huge file ends with an error.
enum FileBytes {
  /// Why a file could not be read.
  enum Failure: Error, Equatable {
    /// It could not be opened: no such file (`ENOENT`), no permission, and so on.
    case notOpened(errno: Int32)
    /// It opened but a read failed (`EISDIR`: it is a folder).
    case notRead(errno: Int32)
  }

  /// Up to `limit` bytes of the file at `path`, from its start.
  static func read(_ path: String, upTo limit: Int) -> Result<[UInt8], Failure> {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return .failure(.notOpened(errno: errno)) }
    defer { close(file) }
    return read(file, upTo: limit)
  }

  /// Up to `limit` bytes of the open descriptor `file`, from where it is: fewer at its end.
  static func read(_ file: Int32, upTo limit: Int) -> Result<[UInt8], Failure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while bytes.count < limit {
      let count = Glibc.read(file, &chunk, min(chunk.count, limit - bytes.count))
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failure(.notRead(errno: errno)) }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return .success(bytes)
  }
}
