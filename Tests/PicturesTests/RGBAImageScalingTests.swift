import Testing

@testable import Pictures

@Suite struct RGBAImageScalingTests {
  typealias P = TestPictures

  @Test func fittedSizeKeepsTheAspect() {
    #expect(RGBAImage.fittedSize(width: 4000, height: 3000, into: (320, 160)) == (213, 160))
    #expect(RGBAImage.fittedSize(width: 10000, height: 1, into: (100, 100)) == (100, 1))
    #expect(RGBAImage.fittedSize(width: 50, height: 40, into: (100, 100)) == (50, 40))
  }

  @Test func areaAverageOfTwoColours() {
    // 4×1: two black pixels, two white: halved, each new pixel is one colour; thirds mix.
    let row = RGBAImage(
      width: 4, height: 1,
      pixels: [0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255])
    let half = row.scaled(toFit: (2, 1))
    #expect(half.pixels == [0, 0, 0, 255, 255, 255, 255, 255])
    let one = row.scaled(toFit: (1, 1))
    #expect(one.pixels == [128, 128, 128, 255])
  }

  @Test func transparentPixelsDoNotDarkenTheAverage() {
    let row = RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 0, 200, 100, 50, 255])
    #expect(row.scaled(toFit: (1, 1)).pixels == [200, 100, 50, 128])
  }

  @Test func scalingKeepsQuadrants() throws {
    let image = try P.decode("jpeg-large.jpg", fitting: (100, 100))
    #expect((image.width, image.height) == (100, 75))
    expectQuadrants(image, [P.red, P.green, P.blue, P.yellow], tolerance: 16)
  }

  /// A large JPEG for a small box is decoded at a DCT scale (1/8 of 1024×768 still covers
  /// 100×75), not at full size and then shrunk.
  @Test func jpegIsDecodedAtTheSmallestCoveringScale() throws {
    let bytes = try P.bytes("jpeg-large.jpg")
    let (small, _) = try PictureDecoder.decodeStored(bytes, fitting: (100, 100), limits: .init())
    #expect((small.width, small.height) == (128, 96))
    let (medium, _) = try PictureDecoder.decodeStored(bytes, fitting: (400, 400), limits: .init())
    // 3/8 gives 384×288, which does not cover 400×300; 1/2 gives 512×384.
    #expect((medium.width, medium.height) == (512, 384))
    let (full, _) = try PictureDecoder.decodeStored(bytes, fitting: nil, limits: .init())
    #expect((full.width, full.height) == (1024, 768))
  }

  @Test func rotatedJPEGScalesAgainstTheTurnedTarget() throws {
    // Stored 32×16 with orientation 6: shown 16×32; a 8×16 box covers a 1/2 scale (16×8).
    let bytes = try P.bytes("jpeg-orientation-6.jpg")
    let (stored, header) = try PictureDecoder.decodeStored(bytes, fitting: (8, 16), limits: .init())
    #expect(header.orientation == 6)
    #expect((stored.width, stored.height) == (16, 8))
    let shown = try PictureDecoder.decode(bytes, fitting: (8, 16))
    #expect((shown.width, shown.height) == (8, 16))
  }

  /// A WebP for a small box is shrunk by libwebp while it is decoded: a 7900 × 7900 picture of
  /// a few KB took 250 MB at full size before it was shrunk.
  @Test func webpIsDecodedAtTheSizeItCovers() throws {
    let bytes = try P.bytes("webp-lossy.webp")
    let (full, _) = try PictureDecoder.decodeStored(bytes, fitting: nil, limits: .init())
    let (small, _) = try PictureDecoder.decodeStored(bytes, fitting: (8, 8), limits: .init())
    #expect(full.width > 8 || full.height > 8)
    #expect(
      (small.width, small.height)
        == RGBAImage.fittedSize(width: full.width, height: full.height, into: (8, 8)))
    // Still the same picture: the average colour of both is close.
    let mean = { (image: RGBAImage) -> Int in
      image.pixels.enumerated().filter { $0.offset % 4 == 0 }.map { Int($0.element) }
        .reduce(0, +) / (image.width * image.height)
    }
    #expect(abs(mean(full) - mean(small)) < 12)
  }

  @Test func rotatedWebPScalesAgainstTheTurnedTarget() throws {
    let bytes = try P.bytes("webp-orientation-6.webp")
    let (full, header) = try PictureDecoder.decodeStored(bytes, fitting: nil, limits: .init())
    try #require(header.orientation == 6)
    let shown = try PictureDecoder.decode(
      bytes, fitting: (max(1, full.height / 2), max(1, full.width / 2)))
    #expect((shown.width, shown.height) == (max(1, full.height / 2), max(1, full.width / 2)))
  }

  @Test(arguments: 1...8)
  func orientationsAreAPermutation(orientation: Int) {
    let image = RGBAImage(
      width: 3, height: 2, pixels: (0..<24).map { UInt8($0) })
    let turned = image.oriented(orientation)
    #expect(turned.pixels.count == 24)
    #expect(Set(turned.pixels) == Set(image.pixels))
    #expect((turned.width, turned.height) == (orientation >= 5 ? (2, 3) : (3, 2)))
  }
}

extension RGBAImageScalingTests {
  /// A part shrunk where it lies is the part cut out and then shrunk, pixel for pixel.
  @Test func aPartShrunkInPlaceIsThePartCutThenShrunk() {
    let (width, height) = (97, 61)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<pixels.count { pixels[i] = UInt8((i * 37 + i / 7) & 0xFF) }
    let image = RGBAImage(width: width, height: height, pixels: pixels)
    let part = (x: 13, y: 7, width: 50, height: 41)
    let direct = image.scaled(part: part, toFit: (20, 20))
    let cut = image.cropped(to: part).scaled(toFit: (20, 20))
    #expect(direct == cut)
    #expect(image.scaled(part: part, toFit: (60, 60)) == image.cropped(to: part))
  }
}
