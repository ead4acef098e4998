import Testing

@testable import FeedModel

/// BlurHash checking and drawing, against numbers from the reference decoder.
@Suite struct BlurHashTests {
  /// The example hash of the BlurHash specification (woltapp/blurhash).
  static let example = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

  /// The example's pixels at 4×3 and another hash's at 3×2, as `decode.ts` of
  /// woltapp/blurhash draws them (punch 1): computed once by a line-for-line Python port of
  /// that file, and pasted here.
  @Test func pixelsMatchTheReferenceDecoder() throws {
    let exampleAt4x3: [UInt8] = [
      135, 164, 177, 161, 173, 177, 181, 180, 171, 160, 172, 174, 124, 154, 169, 148, 148, 154,
      164, 145, 134, 146, 152, 155, 124, 144, 154, 144, 134, 132, 163, 130, 104, 148, 140, 134,
    ]
    let otherAt3x2: [UInt8] = [
      176, 118, 163, 155, 116, 187, 136, 82, 135, 137, 155, 177, 47, 142, 190, 140, 117, 65,
    ]
    let example = try #require(BlurHash(Self.example))
    #expect(example.pixels(width: 4, height: 3) == exampleAt4x3)
    let other = try #require(BlurHash("LGF5]+Yk^6#M@-5c,1J5@[or[Q6."))
    #expect(other.pixels(width: 3, height: 2) == otherAt3x2)
  }

  @Test func sizeFlagGivesTheComponents() throws {
    let example = try #require(BlurHash(Self.example))
    #expect(example.componentsX == 4 && example.componentsY == 3)
    let average = example.averageColor
    #expect([average.red, average.green, average.blue] == [0x97, 0x96, 0x95])
  }

  @Test func oneComponentDrawsItsAverageColourEverywhere() throws {
    // Size flag 0 (1×1), maximum 0, average 0x979695.
    let flat = try #require(BlurHash("00HV6n"))
    let pixels = flat.pixels(width: 5, height: 7)
    #expect(pixels.count == 5 * 7 * 3)
    for pixel in stride(from: 0, to: pixels.count, by: 3) {
      #expect(Array(pixels[pixel..<(pixel + 3)]) == [0x97, 0x96, 0x95])
    }
  }

  @Test func cornersOfARealBlurDiffer() throws {
    let pixels = try #require(BlurHash(Self.example)).pixels(width: 32, height: 32)
    let topLeft = Array(pixels[0..<3])
    let bottomRight = Array(pixels[(pixels.count - 3)...])
    #expect(topLeft != bottomRight)
  }

  @Test(arguments: [
    "",  // empty
    "LEHV6",  // shorter than any hash
    "LEHV6nWB2yk8pyo0adR*.7kCMdn",  // one short of what the size flag says
    "LEHV6nWB2yk8pyo0adR*.7kCMdnjj",  // one too many
    "LEHV6nWB2yk8pyo0adR*.7kCMd\"j",  // a character outside base 83
    "LEHV6nWB2yk8pyo0adR*.7kC\u{1B}[nj",  // a control character
    "LEHV6nWB2yk8pyo0adR*.7kCMdné",  // not ASCII
    "00~~~~",  // an average colour beyond 24 bits
    "10HV6n~r",  // an AC value beyond 19³
    String(repeating: "L", count: 100_000),  // huge
  ])
  func invalidHashesAreRefused(text: String) {
    #expect(BlurHash(text) == nil)
    #expect(PicturePlaceholder(blurHash: text) == nil)
  }

  @Test func largestValuesAnEncoderMakesAreAccepted() {
    #expect(BlurHash("10HV6n~q") != nil)
    #expect(BlurHash("00TSUA") != nil)
  }
}
