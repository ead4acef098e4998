import CPictureCodecs

/// WebP (lossy, lossless, with alpha) through libwebp's decoder into a buffer of our own,
/// shrunk while it is decoded when a size to cover is given (libwebp's own rescaler, row by
/// row, so a 7900 × 7900 picture for a small box never takes 250 MB); an animation through
/// libwebpdemux's animation decoder, which composes its first frame on the canvas.
enum WebPDecoder {
  /// - Parameter cover: the stored size to decode at (aspect kept, never larger than stored);
  ///   nil for the full size.
  static func decode(
    _ bytes: [UInt8], covering cover: (width: Int, height: Int)? = nil, limits: PictureLimits
  ) throws(PictureError) -> RGBAImage {
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
      let (width, height) = (Int(features.width), Int(features.height))
      try limits.check(
        PictureHeader(format: .webp, width: width, height: height), byteCount: bytes.count)
      if features.has_animation != 0 { return try firstFrame(source) }
      let size = cover.map { (max(1, min($0.width, width)), max(1, min($0.height, height))) }
      let (outWidth, outHeight) = size ?? (width, height)
      var config = WebPDecoderConfig()
      guard WebPInitDecoderConfig(&config) != 0 else {
        throw .decoder(.webp, message: "libwebp's decoder is not the version built for")
      }
      if (outWidth, outHeight) != (width, height) {
        config.options.use_scaling = 1
        config.options.scaled_width = Int32(outWidth)
        config.options.scaled_height = Int32(outHeight)
      }
      var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
      let decoded = pixels.withUnsafeMutableBufferPointer { target in
        config.output.colorspace = MODE_RGBA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = target.baseAddress
        config.output.u.RGBA.stride = Int32(outWidth * 4)
        config.output.u.RGBA.size = target.count
        return WebPDecode(base, source.count, &config)
      }
      guard decoded == VP8_STATUS_OK else {
        throw .decoder(.webp, message: "the picture data could not be decoded")
      }
      return RGBAImage(width: outWidth, height: outHeight, pixels: pixels)
    }
  }

  /// The first frame of an animation, composed on its canvas (the size the limits allowed).
  private static func firstFrame(
    _ source: UnsafeBufferPointer<UInt8>
  ) throws(PictureError) -> RGBAImage {
    var options = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInit(&options) != 0 else {
      throw .decoder(.webp, message: "libwebp's animation decoder is not the version built for")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    var data = WebPData(bytes: source.baseAddress, size: source.count)
    guard let decoder = WebPAnimDecoderNew(&data, &options) else {
      throw .decoder(.webp, message: "the animation could not be read")
    }
    defer { WebPAnimDecoderDelete(decoder) }
    var info = WebPAnimInfo()
    guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
      throw .decoder(.webp, message: "the animation has no canvas")
    }
    var frame: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
      throw .decoder(.webp, message: "the first frame could not be decoded")
    }
    let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
    // The frame belongs to the decoder, freed with it: copied out.
    let pixels = Array(UnsafeBufferPointer(start: frame, count: width * height * 4))
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}
