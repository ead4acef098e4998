import Foundation
import Testing

@testable import FeedKit

/// Names read from `readdir`'s entries, where glibc put them.
@Suite struct DirectoryEntryTests {
  /// Enough names of every length to fill glibc's buffer of entries many times over: copying
  /// each entry's whole 256-byte name array read past the buffer's end for the entries near
  /// it, which AddressSanitizer reported (`cascade print` listing the picture cache).
  @Test func everyNameOfEveryLengthIsReadWhole() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-entries-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let names = (0..<1500).map { index in
      String(index) + "-" + String(repeating: "n", count: (index * 37) % 240)
    }
    for name in names {
      #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: nil))
    }
    let listed = try #require(FolderListing.names(of: folder))
    #expect(listed.undecodable.isEmpty)
    #expect(Set(listed.names) == Set(names) && listed.names.count == names.count)
  }
}
