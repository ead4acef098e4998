import Glibc
import Testing

@testable import cascade

@Suite struct FileBytesTests {
  /// A file without end (`/dev/zero`) is read up to the bound and no further.
  @Test func readingStopsAtTheBound() {
    #expect((try? FileBytes.read("/dev/zero", upTo: 70_000).get())?.count == 70_000)
  }

  /// A missing file is not opened; a folder opens but cannot be read: each with its errno.
  @Test func failuresSayWhich() {
    #expect(FileBytes.read("/nonexistent/cascade", upTo: 10) == .failure(.notOpened(errno: ENOENT)))
    #expect(FileBytes.read("/", upTo: 10) == .failure(.notRead(errno: EISDIR)))
  }
}
