import Pictures
import Testing

/// PNGs made for the terminal decode back to the same pixels, with or without alpha.
@Suite struct PNGEncoderTests {
  @Test(arguments: [255, 128])
  func encodedPicturesDecodeToTheSamePixels(alpha: Int) throws {
    var pixels: [UInt8] = []
    for i in 0..<(7 * 5) {
      pixels += [UInt8(i * 7 % 256), UInt8(i * 13 % 256), UInt8(i * 29 % 256), UInt8(alpha)]
    }
    let image = RGBAImage(width: 7, height: 5, pixels: pixels)
    let png = try #require(PNGEncoder.encode(image))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try PictureDecoder.decode(png) == image)
  }

  @Test func anEmptyPictureIsRefused() {
    #expect(PNGEncoder.encode(RGBAImage(width: 0, height: 0, pixels: [])) == nil)
  }
}
