import CPictureCodecs

/// PNG through libpng's simplified `png_image_*` API: every colour type and bit depth,
/// interlaced or not, palettes with tRNS, all turned into 8-bit sRGB RGBA by libpng. The API
/// catches libpng's `longjmp` inside libpng and reports failure by return value.
enum PNGDecoder {
  static func decode(_ bytes: [UInt8], limits: PictureLimits) throws(PictureError) -> RGBAImage {
    var image = png_image()
    image.version = cascade_png_image_version()
    defer { png_image_free(&image) }
    let bytes = try PNGChunks.forDecoding(bytes)
    return try bytes.withUnsafeBufferPointer { (source) throws(PictureError) -> RGBAImage in
      guard let base = source.baseAddress else { throw .truncated(.png) }
      guard png_image_begin_read_from_memory(&image, base, source.count) != 0 else {
        throw failure(&image)
      }
      let (width, height) = (Int(image.width), Int(image.height))
      try limits.check(
        PictureHeader(format: .png, width: width, height: height), byteCount: bytes.count)
      // libpng takes the row stride as a 32-bit int.
      guard let stride = Int32(exactly: width * 4) else {
        throw .tooManyPixels(width: width, height: height, limit: limits.maxPixels)
      }
      image.format = cascade_png_format_rgba()
      // Untagged 16-bit samples are gamma-encoded like 8-bit ones, as browsers read them;
      // libpng's simplified API would take them for linear light and brighten them.
      image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let finished = pixels.withUnsafeMutableBytes { target in
        png_image_finish_read(&image, nil, target.baseAddress, stride, nil)
      }
      guard finished != 0 else { throw failure(&image) }
      return RGBAImage(width: width, height: height, pixels: pixels)
    }
  }

  /// The error libpng left in `image`; running out of data is told apart as truncation.
  private static func failure(_ image: inout png_image) -> PictureError {
    let message = String(cString: cascade_png_image_message(&image))
    if message.contains("end of data") || message.contains("Not enough") {
      return .truncated(.png)
    }
    return .decoder(.png, message: message.isEmpty ? "unknown error" : message)
  }
}
