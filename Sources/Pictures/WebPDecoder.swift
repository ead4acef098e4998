import CPictureCodecs

/// WebP (lossy, lossless, with alpha) through libwebp's one-shot decoder into a buffer of our
/// own; animations are refused, as the one-shot API cannot decode them.
enum WebPDecoder {
  static func decode(_ bytes: [UInt8], limits: PictureLimits) throws(PictureError) -> RGBAImage {
    try bytes.withUnsafeBufferPointer { (source) throws(PictureError) -> RGBAImage in
      guard let base = source.baseAddress else { throw .truncated(.webp) }
      var features = WebPBitstreamFeatures()
      let status = WebPGetFeatures(base, source.count, &features)
      guard status == VP8_STATUS_OK else {
        if status == VP8_STATUS_NOT_ENOUGH_DATA { throw .truncated(.webp) }
        if status == VP8_STATUS_UNSUPPORTED_FEATURE {
          throw .unsupportedFeature(.webp, detail: "a feature libwebp does not decode")
        }
        throw .decoder(.webp, message: "the bitstream is invalid (status \(status.rawValue))")
      }
      if features.has_animation != 0 {
        throw .unsupportedFeature(.webp, detail: "an animation (only still WebP is decoded)")
      }
      let (width, height) = (Int(features.width), Int(features.height))
      try limits.check(
        PictureHeader(format: .webp, width: width, height: height), byteCount: bytes.count)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let decoded = pixels.withUnsafeMutableBufferPointer { target in
        WebPDecodeRGBAInto(base, source.count, target.baseAddress, target.count, Int32(width * 4))
      }
      guard decoded != nil else {
        throw .decoder(.webp, message: "the picture data could not be decoded")
      }
      return RGBAImage(width: width, height: height, pixels: pixels)
    }
  }
}
