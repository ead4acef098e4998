import FeedKit
import Foundation
import Testing

/// The sample feed is compiled into the binary; the file in `Resources/` is its source.
@Suite struct SampleFeedTests {
  @Test func embeddedCopyMatchesResourcesFile() throws {
    let file = CascadeProcess.packageRoot.appendingPathComponent("Resources/sample-feed.json")
    let onDisk = try Data(contentsOf: file)
    let same = Array(onDisk) == SampleFeed.bytes
    #expect(same, "Resources/sample-feed.json changed: run Scripts/embed-sample-feed.py")
  }

  @Test func hasAtLeast200ItemsOfEveryShape() throws {
    let document = try FeedDecoder.decode(SampleFeed.bytes, source: "sample")
    #expect(document.items.count >= 200)
    #expect(document.skipped.count == 0)
    let ratios = document.items.map { $0.height / $0.width }
    #expect(ratios.contains { $0 > 1.2 && $0 < 2 }, "portrait")
    #expect(ratios.contains { $0 < 0.8 }, "landscape")
    #expect(ratios.contains { $0 == 1 }, "square")
    #expect(ratios.contains { $0 >= 3 }, "very tall")
  }

  @Test func aCopiedBinaryStillOpensTheSampleFeed() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-copy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("cascade")
    try FileManager.default.copyItem(at: CascadeProcess.binary, to: copy)
    let process = Process()
    process.executableURL = copy
    process.arguments = ["layout", "--width", "40"]
    process.currentDirectoryURL = folder
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: data, as: UTF8.self).contains("\"index\": 239"))
  }
}
