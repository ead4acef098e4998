import Testing

@testable import Pictures

@Suite struct RGBAImageCroppingTests {
  /// A 4 × 3 picture whose pixels count up, one byte per channel.
  static let counting = RGBAImage(
    width: 4, height: 3, pixels: (0..<12).flatMap { i in [UInt8(i), 0, 0, 255] })

  @Test func aWindowKeepsItsPixelsInOrder() {
    let window = Self.counting.cropped(to: (x: 1, y: 1, width: 2, height: 2))
    #expect((window.width, window.height) == (2, 2))
    #expect(
      stride(from: 0, to: window.pixels.count, by: 4).map { window.pixels[$0] } == [5, 6, 9, 10])
  }

  @Test func aWindowPastTheEdgeIsCutToThePicture() {
    let window = Self.counting.cropped(to: (x: 3, y: 2, width: 5, height: 5))
    #expect((window.width, window.height) == (1, 1))
    #expect(window.pixels.first == 11)
    #expect(Self.counting.cropped(to: (x: 0, y: 0, width: 4, height: 3)) == Self.counting)
  }
}
