import FeedKit
import Foundation
import TestSupport
import Testing

/// The sample feed is compiled into the binary; the file in `Resources/` is its source.
@Suite struct SampleFeedTests {
  @Test func embeddedCopyMatchesResourcesFile() async throws {
    let file = CascadeProcess.packageRoot.appendingPathComponent("Resources/sample-feed.json")
    let onDisk = try Data(contentsOf: file)
    let same = Array(onDisk) == SampleFeed.bytes
    #expect(same, "Resources/sample-feed.json changed: run Scripts/embed-sample-feed.py")
  }

  @Test func hasAtLeast200ItemsOfEveryShape() throws {
    let document = try LiberalJSONDecoder.decode(SampleFeed.bytes, source: "sample")
    #expect(document.items.count >= 200)
    #expect(document.skipped.count == 0)
    let ratios = document.items.map { $0.height / $0.width }
    #expect(ratios.contains { $0 > 1.2 && $0 < 2 }, "portrait")
    #expect(ratios.contains { $0 < 0.8 }, "landscape")
    #expect(ratios.contains { $0 == 1 }, "square")
    #expect(ratios.contains { $0 >= 3 }, "very tall")
  }

  @Test func aCopiedBinaryStillOpensTheSampleFeed() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-copy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("cascade")
    // Copied by cp, not by this process: a file this process held open for writing could be
    // inherited by a child another test forks meanwhile, and exec would fail with ETXTBSY.
    let cp = try await CascadeProcess.run(
      ["-p", CascadeProcess.binary.path, copy.path], executable: URL(fileURLWithPath: "/bin/cp"))
    #expect(cp.status == 0, "\(cp.stderr)")
    let result = try await CascadeProcess.run(
      ["layout", "--width", "40"], executable: copy, directory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"index\": 239"))
  }
}
