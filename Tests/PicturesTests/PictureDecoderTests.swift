import Pictures
import Testing

@Suite struct PictureDecoderTests {
  typealias P = TestPictures
  let quadrants = [P.red, P.green, P.blue, P.yellow]

  /// CMYK both ways: Adobe's inverted inks (marked by APP14) and plain inks (unmarked).
  @Test(arguments: [
    "jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-cmyk.jpg", "jpeg-cmyk-plain.jpg",
  ])
  func jpegKeepsItsColours(name: String) throws {
    let image = try P.decode(name)
    #expect((image.width, image.height) == (32, 32))
    expectQuadrants(image, quadrants, tolerance: 12)
  }

  @Test func greyJPEGBecomesGreyRGB() throws {
    let image = try P.decode("jpeg-grey.jpg")
    expectPixel(image, 4, 16, (40, 40, 40), tolerance: 6)
    expectPixel(image, 28, 16, (200, 200, 200), tolerance: 6)
  }

  @Test func pngOfEveryColourType() throws {
    let grey = try P.decode("png-grey.png")
    expectPixel(grey, 1, 1, (40, 40, 40))
    expectPixel(grey, 6, 6, (200, 200, 200))
    let greyAlpha = try P.decode("png-grey-alpha.png")
    expectPixel(greyAlpha, 1, 1, (90, 90, 90))
    #expect(greyAlpha.pixel(x: 1, y: 6).alpha == 0)
    expectQuadrants(try P.decode("png-rgb.png"), quadrants, tolerance: 0)
    expectQuadrants(try P.decode("png-palette.png"), quadrants, tolerance: 0)
  }

  @Test func paletteTransparencyComesFromTRNS() throws {
    let image = try P.decode("png-palette-trns.png")
    expectPixel(image, 1, 1, P.red)
    expectPixel(image, 6, 1, P.green)
    expectPixel(image, 1, 6, P.blue, alpha: 128)
    #expect(image.pixel(x: 6, y: 6).alpha == 0)
  }

  @Test func alphaIsUnassociated() throws {
    let image = try P.decode("png-rgba.png")
    expectPixel(image, 1, 1, P.red)
    // Half-transparent green keeps its full colour: the alpha is not multiplied in.
    expectPixel(image, 6, 1, P.green, alpha: 128)
    #expect(image.pixel(x: 1, y: 6).alpha == 0)
  }

  @Test(arguments: ["png-rgb16.png", "png-interlaced.png", "webp-lossless.webp"])
  func losslessPicturesAreExact(name: String) throws {
    let image = try P.decode(name)
    #expect(image.width > 1 && image.height > 1)
    for y in 0..<image.height {
      for x in 0..<image.width {
        expectPixel(image, x, y, P.pattern(x: x, y: y))
      }
    }
  }

  @Test func tinyAndLongPictures() throws {
    let one = try P.decode("png-1x1.png")
    #expect((one.width, one.height) == (1, 1))
    expectPixel(one, 0, 0, P.green)
    let long = try P.decode("png-10000x1.png")
    #expect((long.width, long.height) == (10000, 1))
    expectPixel(long, 4999, 0, P.red)
    expectPixel(long, 5000, 0, P.blue)
  }

  @Test func gifFirstFrameWithItsColourMap() throws {
    expectQuadrants(try P.decode("gif-basic.gif"), quadrants, tolerance: 0)
    // The second frame is all yellow: only the first is shown.
    expectQuadrants(try P.decode("gif-animated.gif"), quadrants, tolerance: 0)
  }

  @Test func gifTransparencyIndexIsTransparent() throws {
    let image = try P.decode("gif-transparent.gif")
    expectPixel(image, 1, 1, P.red)
    #expect(image.pixel(x: 6, y: 6).alpha == 0)
  }

  @Test func gifInterlacedRowsAreInPlace() throws {
    let image = try P.decode("gif-interlaced.gif")
    #expect((image.width, image.height) == (3, 20))
    for y in 0..<20 { expectPixel(image, 1, y, quadrants[y % 4]) }
  }

  @Test func gifFrameSitsAtItsPositionWithItsLocalColourMap() throws {
    let image = try P.decode("gif-frame-offset.gif")
    #expect((image.width, image.height) == (10, 8))
    for y in 0..<8 {
      for x in 0..<10 {
        let inside = (3..<7).contains(x) && (2..<5).contains(y)
        if inside {
          expectPixel(image, x, y, P.green)
        } else {
          #expect(image.pixel(x: x, y: y).alpha == 0, "(\(x), \(y)) outside the frame")
        }
      }
    }
  }

  /// A GIF whose logical screen says 0 × 0 (some encoders write none) is sized by its first
  /// frame, as browsers do: it was refused as corrupt with the frame whole.
  @Test func aGIFWithAZeroScreenTakesItsFramesSize() throws {
    var bytes = try P.bytes("gif-basic.gif")
    let whole = try PictureDecoder.decode(bytes)
    for offset in 6..<10 { bytes[offset] = 0 }
    #expect(
      PictureHeader.read(bytes)
        == .header(PictureHeader(format: .gif, width: whole.width, height: whole.height)))
    let image = try PictureDecoder.decode(bytes)
    #expect(image == whole)
    // A prefix that stops before the frame asks for more, never answers 0 × 0.
    for length in 10..<20 {
      if case .header(let header) = PictureHeader.read(Array(bytes.prefix(length))) {
        Issue.record("\(length) bytes answered \(header.width)×\(header.height)")
      }
    }
  }

  @Test func gifWithoutColourMapIsAnError() throws {
    #expect(
      throws: PictureError.corrupt(
        .gif, detail: "the first frame has no colour map, local or global")
    ) {
      try P.decode("gif-no-colormap.gif")
    }
  }

  @Test func animatedWebPShowsItsFirstFrame() throws {
    let image = try P.decode("webp-animated.webp")
    #expect((image.width, image.height) == (8, 8))
    expectQuadrants(image, quadrants, tolerance: 0)
    // Shrunk as it decodes, as a still is (the animation decoder kept full-size canvases: a
    // 7900 × 7900 animation of 330 kB took 766 MB).
    let small = try P.decode("webp-animated.webp", fitting: (4, 4))
    #expect((small.width, small.height) == (4, 4))
    expectQuadrants(small, quadrants, tolerance: 24)
  }

  @Test func webpLossyAndAlpha() throws {
    expectQuadrants(try P.decode("webp-lossy.webp"), quadrants, tolerance: 16)
    let alpha = try P.decode("webp-alpha.webp")
    expectPixel(alpha, 1, 1, P.red)
    expectPixel(alpha, 6, 1, P.green, alpha: 128)
    #expect(alpha.pixel(x: 1, y: 6).alpha == 0)
    let lossyAlpha = try P.decode("webp-lossy-alpha.webp")
    expectPixel(lossyAlpha, 4, 4, P.red, tolerance: 16)
    #expect(lossyAlpha.pixel(x: 4, y: 28).alpha < 8)
  }

  /// Which stored quadrant each orientation shows at the top-left and top-right, by EXIF's
  /// definition (stored quadrants: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right).
  @Test(arguments: [
    (1, 0, 1), (2, 1, 0), (3, 3, 2), (4, 2, 3), (5, 0, 2), (6, 2, 0), (7, 3, 1), (8, 1, 3),
  ])
  func exifOrientationIsApplied(orientation: Int, topLeft: Int, topRight: Int) throws {
    let image = try P.decode("jpeg-orientation-\(orientation).jpg")
    let expected = orientation >= 5 ? (16, 32) : (32, 16)
    #expect((image.width, image.height) == expected)
    let (w, h) = (image.width, image.height)
    expectPixel(image, w / 4, h / 4, quadrants[topLeft], tolerance: 12)
    expectPixel(image, 3 * w / 4, h / 4, quadrants[topRight], tolerance: 12)
  }

  @Test func webpExifOrientationIsApplied() throws {
    let image = try P.decode("webp-orientation-6.webp")
    #expect((image.width, image.height) == (16, 32))
    expectPixel(image, 4, 8, P.blue, tolerance: 24)
  }
}
