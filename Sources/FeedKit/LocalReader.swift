import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a local file or the standard input, with the body-size limit enforced while reading,
/// so a huge or endless input is an error rather than an out-of-memory.
///
/// Reads block, so they run on a thread of their own, not on Swift's cooperative threads.
enum LocalReader {
  static func contents(ofFile path: String, maxBytes: Int) async throws(FeedError) -> [UInt8] {
    try await offThread { () throws(FeedError) -> [UInt8] in
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw .unreadable(source: path, detail: describe(errno: errno, path: path))
      }
      defer { close(descriptor) }
      var status = stat()
      var expected = 0
      if fstat(descriptor, &status) == 0 {
        if status.st_mode & S_IFMT == S_IFDIR {
          throw .unreadable(source: path, detail: "it is a folder; give the feed file inside it")
        }
        if status.st_mode & S_IFMT == S_IFREG { expected = Int(status.st_size) }
      }
      return try readAll(descriptor, source: path, maxBytes: maxBytes, expected: expected)
    }
  }

  static func readStandardInput(maxBytes: Int) async throws(FeedError) -> [UInt8] {
    try await contents(
      ofDescriptor: STDIN_FILENO, source: FeedSource.standardInput.displayName, maxBytes: maxBytes)
  }

  /// Reads an open descriptor (a pipe, a terminal, a file) to its end; does not close it.
  static func contents(ofDescriptor descriptor: Int32, source: String, maxBytes: Int)
    async throws(FeedError) -> [UInt8]
  {
    try await offThread { () throws(FeedError) -> [UInt8] in
      try readAll(descriptor, source: source, maxBytes: maxBytes)
    }
  }

  /// - Parameter expected: a regular file's size, reserved up front: growing the buffer by
  ///   doubling would hold the old and the new copy at once, twice the file at the peak.
  private static func readAll(
    _ descriptor: Int32, source: String, maxBytes: Int, expected: Int = 0
  ) throws(FeedError) -> [UInt8] {
    var bytes: [UInt8] = []
    if expected > 0 {
      guard expected <= maxBytes else {
        throw .limitExceeded(source: source, limit: .bodySize(maxBytes), location: nil)
      }
      bytes.reserveCapacity(expected + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(source: source, detail: String(cString: strerror(errno)))
      }
      guard bytes.count + count <= maxBytes else {
        throw .limitExceeded(source: source, limit: .bodySize(maxBytes), location: nil)
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  private static func describe(errno code: Int32, path: String) -> String {
    switch code {
    case ENOENT: "no such file; check the path"
    case EACCES: "permission denied; check the file's permissions"
    case ENOTDIR: "a part of the path is not a folder; check the path"
    default: String(cString: strerror(code))
    }
  }

  private static func offThread<T: Sendable>(
    _ work: @escaping @Sendable () throws(FeedError) -> T
  ) async throws(FeedError) -> T {
    // A thread of its own: Dispatch's global queues and Swift's cooperative pool are only as
    // wide as the machine has cores, and a read that blocks (a pipe, a slow disk) would starve
    // URLSession's callbacks and every task with them.
    let result = await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: Result { () throws(FeedError) in try work() })
      }.start()
    }
    return try result.get()
  }
}
