import CPictureCodecs

/// WebP (lossy, lossless, with alpha) through libwebp's decoder into a buffer of our own,
/// shrunk while it is decoded when a size to cover is given (libwebp's own rescaler, row by
/// row, so a 7900 × 7900 picture for a small box never takes 250 MB); an animation by its first
/// frame, found by libwebpdemux and decoded the same way.
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
      if features.has_animation != 0 { return try firstFrame(source, covering: cover) }
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

  /// The first frame of an animation on its canvas, at `cover` when given: the frame's own
  /// bitstream decoded alone (libwebp's rescaler shrinking it as it decodes, as for a still)
  /// and put at its place on a transparent canvas, which is how the first frame is composed.
  /// libwebpdemux's animation decoder kept two canvases at full size for it: a 7900 × 7900
  /// animation of 330 kB took 766 MB.
  private static func firstFrame(
    _ source: UnsafeBufferPointer<UInt8>, covering cover: (width: Int, height: Int)?
  ) throws(PictureError) -> RGBAImage {
    var data = WebPData(bytes: source.baseAddress, size: source.count)
    guard let demuxer = WebPDemux(&data) else {
      throw .decoder(.webp, message: "the animation could not be read")
    }
    defer { WebPDemuxDelete(demuxer) }
    let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
    let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
    var frame = WebPIterator()
    guard width > 0, height > 0, WebPDemuxGetFrame(demuxer, 1, &frame) != 0 else {
      throw .decoder(.webp, message: "the animation has no first frame")
    }
    defer { WebPDemuxReleaseIterator(&frame) }
    let (outWidth, outHeight) =
      cover.map { (max(1, min($0.width, width)), max(1, min($0.height, height))) }
      ?? (width, height)
    let (scaleX, scaleY) = (Double(outWidth) / Double(width), Double(outHeight) / Double(height))
    // The frame's place and size on the shrunk canvas, inside it.
    let left = min(outWidth - 1, Int((Double(frame.x_offset) * scaleX).rounded(.down)))
    let top = min(outHeight - 1, Int((Double(frame.y_offset) * scaleY).rounded(.down)))
    let frameWidth = min(
      outWidth - left, max(1, Int((Double(frame.width) * scaleX).rounded())))
    let frameHeight = min(
      outHeight - top, max(1, Int((Double(frame.height) * scaleY).rounded())))
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else {
      throw .decoder(.webp, message: "libwebp's decoder is not the version built for")
    }
    if (frameWidth, frameHeight) != (Int(frame.width), Int(frame.height)) {
      config.options.use_scaling = 1
      config.options.scaled_width = Int32(frameWidth)
      config.options.scaled_height = Int32(frameHeight)
    }
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let decoded = pixels.withUnsafeMutableBufferPointer { target in
      // Written straight into the canvas at the frame's place: the canvas's stride.
      config.output.colorspace = MODE_RGBA
      config.output.is_external_memory = 1
      config.output.u.RGBA.rgba = target.baseAddress.map { $0 + (top * outWidth + left) * 4 }
      config.output.u.RGBA.stride = Int32(outWidth * 4)
      config.output.u.RGBA.size = target.count - (top * outWidth + left) * 4
      return WebPDecode(frame.fragment.bytes, frame.fragment.size, &config)
    }
    guard decoded == VP8_STATUS_OK else {
      if decoded == VP8_STATUS_NOT_ENOUGH_DATA { throw .truncated(.webp) }
      throw .decoder(.webp, message: "the first frame could not be decoded")
    }
    return RGBAImage(width: outWidth, height: outHeight, pixels: pixels)
  }
}
