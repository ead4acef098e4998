import EmbeddedPictures
import FeedKit
import Foundation
import Testing

/// The archive assembled into the binary is `Resources/pictures.bin`, and it holds every picture
/// the sample feed names, byte for byte as in `Resources/pictures/`.
@Suite struct SamplePicturesTests {
  static let resources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Resources")

  @Test func embeddedArchiveIsTheResourcesFile() throws {
    let onDisk = try Data(contentsOf: Self.resources.appendingPathComponent("pictures.bin"))
    let same = Array(onDisk) == Array(SamplePictures.embedded)
    #expect(same, "the build did not pick up Resources/pictures.bin: rebuild CSamplePictures")
  }

  @Test func everyPictureOfTheSampleFeedIsEmbeddedAsItsFile() throws {
    let document = try LiberalJSONDecoder.decode(SampleFeed.bytes, source: SampleFeed.name)
    let paths = Set(document.items.map(\.imageURL))
    #expect(paths.count >= 20, "the feed shows a variety of pictures")
    for path in paths {
      #expect(path.hasPrefix("pictures/"), "\(path) is relative to the feed")
      let name = String(path.dropFirst("pictures/".count))
      let embedded = try #require(SamplePictures.bytes(named: name), "\(name) is not embedded")
      let file = try Data(contentsOf: Self.resources.appendingPathComponent(path))
      #expect(embedded == Array(file), "\(name) differs from its file")
    }
  }

  @Test func everyPictureFileIsEmbedded() throws {
    let folder = Self.resources.appendingPathComponent("pictures")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(SamplePictures.names == files)
  }

  @Test func picturesStayUnderTwoMegabytes() {
    #expect(SamplePictures.embedded.count <= 2_000_000)
  }

  @Test func anUnknownNameHasNoBytes() {
    #expect(SamplePictures.bytes(named: "no-such-picture.jpg") == nil)
    #expect(SamplePictures.bytes(named: "") == nil)
  }
}
