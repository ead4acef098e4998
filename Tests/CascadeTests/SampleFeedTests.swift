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
    let copy = try await CopiedBinary.make()
    defer { copy.remove() }
    let result = try await CascadeProcess.run(
      ["layout", "--width", "40"], executable: copy.binary, directory: copy.folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"index\": 239"))
  }

  @Test func aCopiedBinaryStillHoldsTheSamplePictures() async throws {
    let copy = try await CopiedBinary.make()
    defer { copy.remove() }
    let archive = try Data(
      contentsOf: CascadeProcess.packageRoot.appendingPathComponent("Resources/pictures.bin"))
    let binary = try Data(contentsOf: copy.binary)
    #expect(binary.range(of: archive) != nil, "the pictures' archive is not in the binary")
  }
}
