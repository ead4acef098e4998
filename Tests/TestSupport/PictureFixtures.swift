import Foundation

/// The picture files the codec tests decode (`Tests/PicturesTests/Fixtures`), for every test
/// target that needs a real picture.
package enum PictureFixtures {
  package static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PicturesTests/Fixtures")
}
