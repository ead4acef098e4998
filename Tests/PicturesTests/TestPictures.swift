import Foundation
import Pictures
import Testing

/// The pictures `Scripts/make-test-pictures.py` writes to `Fixtures/`, and the colours it
/// draws them with.
enum TestPictures {
  static let red: RGB = (220, 30, 40)
  static let green: RGB = (30, 200, 60)
  static let blue: RGB = (40, 50, 210)
  static let yellow: RGB = (240, 220, 20)

  typealias RGB = (red: Int, green: Int, blue: Int)

  /// The colour the script gives pixel (x, y) of its exact (lossless) pictures.
  static func pattern(x: Int, y: Int) -> RGB {
    ((x * 17) % 256, (y * 23) % 256, ((x + y) * 5) % 256)
  }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static var allNames: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()) ?? []
  }

  static func decode(
    _ name: String, fitting target: (width: Int, height: Int)? = nil,
    limits: PictureLimits = PictureLimits()
  ) throws -> RGBAImage {
    try PictureDecoder.decode(try bytes(name), fitting: target, limits: limits)
  }
}

/// Expects pixel (x, y) of `image` to be `color` (each channel within `tolerance`) with `alpha`.
func expectPixel(
  _ image: RGBAImage, _ x: Int, _ y: Int, _ color: TestPictures.RGB, alpha: Int = 255,
  tolerance: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
) {
  let pixel = image.pixel(x: x, y: y)
  let got = [Int(pixel.red), Int(pixel.green), Int(pixel.blue), Int(pixel.alpha)]
  let want = [color.red, color.green, color.blue, alpha]
  let close = zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
  #expect(
    close, "pixel (\(x), \(y)) is \(got), expected \(want) ± \(tolerance)",
    sourceLocation: sourceLocation)
}

/// Expects the four quadrant colours at the quadrants' centres, in the order top-left,
/// top-right, bottom-left, bottom-right.
func expectQuadrants(
  _ image: RGBAImage, _ colors: [TestPictures.RGB], tolerance: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let (w, h) = (image.width, image.height)
  let centres = [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)]
  for (centre, color) in zip(centres, colors) {
    expectPixel(
      image, centre.0, centre.1, color, tolerance: tolerance, sourceLocation: sourceLocation)
  }
}
