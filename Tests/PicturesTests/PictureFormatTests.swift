import Testing

@testable import Pictures

/// What a cache may keep: only whole pictures of the kind their bytes claim.
@Suite struct PictureFormatTests {
  @Test(arguments: [
    "jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-big-exif.jpg", "png-rgb.png",
    "png-interlaced.png", "gif-animated.gif", "gif-basic.gif", "webp-alpha.webp",
  ])
  func aWholePictureIsWhole(name: String) throws {
    let bytes = try TestPictures.bytes(name)
    #expect(PictureFormat.isWholePicture(bytes))
    #expect(!PictureFormat.isWholePicture(Array(bytes.prefix(bytes.count * 2 / 3))), "cut short")
  }

  @Test(arguments: ["jpeg-truncated.jpg", "png-truncated.png", "gif-truncated.gif"])
  func aTruncatedPictureIsNot(name: String) throws {
    #expect(!PictureFormat.isWholePicture(try TestPictures.bytes(name)))
  }

  /// A captive portal's page, an empty body, a JPEG's signature alone.
  @Test func anHTMLPageOrAFragmentIsNoPicture() {
    let page = Array("<!doctype html><html><body>Log in to the Wi-Fi</body></html>".utf8)
    #expect(!PictureFormat.isWholePicture(page))
    #expect(!PictureFormat.isWholePicture([]))
    #expect(!PictureFormat.isWholePicture([0xFF, 0xD8, 0xFF]))
  }

  /// A phone's motion photo carries a video after the JPEG's end: still a whole picture.
  @Test func aJPEGWithBytesAfterItsEndIsWhole() throws {
    let bytes = try TestPictures.bytes("jpeg-baseline.jpg") + [UInt8](repeating: 0x42, count: 5_000)
    #expect(PictureFormat.isWholePicture(bytes))
  }
}
