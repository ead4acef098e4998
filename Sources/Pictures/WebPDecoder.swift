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
      var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
      let decoded = try pixels.withUnsafeMutableBufferPointer { target throws(PictureError) in
        try decode(
          base, source.count, stored: (width, height), shown: (outWidth, outHeight),
          into: target.baseAddress, bytes: target.count, stride: outWidth * 4)
      }
      guard decoded == VP8_STATUS_OK else {
        throw .decoder(.webp, message: "the picture data could not be decoded")
      }
      return RGBAImage(width: outWidth, height: outHeight, pixels: pixels)
    }
  }

  /// Decodes a bitstream (a still's, or an animation frame's) of `stored` size into `target`,
  /// `bytes` long with rows `stride` bytes apart, shrunk to `shown` by libwebp's rescaler as it
  /// decodes when that is smaller.
  private static func decode(
    _ source: UnsafePointer<UInt8>?, _ count: Int, stored: (Int, Int), shown: (Int, Int),
    into target: UnsafeMutablePointer<UInt8>?, bytes: Int, stride: Int
  ) throws(PictureError) -> VP8StatusCode {
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else {
      throw .decoder(.webp, message: "libwebp's decoder is not the version built for")
    }
    if shown != stored {
      config.options.use_scaling = 1
      config.options.scaled_width = Int32(shown.0)
      config.options.scaled_height = Int32(shown.1)
    }
    config.output.colorspace = MODE_RGBA
    config.output.is_external_memory = 1
    config.output.u.RGBA.rgba = target
    config.output.u.RGBA.stride = Int32(stride)
    config.output.u.RGBA.size = bytes
    return WebPDecode(source, count, &config)
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
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let place = (top * outWidth + left) * 4
    let decoded = try pixels.withUnsafeMutableBufferPointer { target throws(PictureError) in
      // Written straight into the canvas at the frame's place: the canvas's stride.
      try decode(
        frame.fragment.bytes, frame.fragment.size, stored: (Int(frame.width), Int(frame.height)),
        shown: (frameWidth, frameHeight), into: target.baseAddress.map { $0 + place },
        bytes: target.count - place, stride: outWidth * 4)
    }
    guard decoded == VP8_STATUS_OK else {
      if decoded == VP8_STATUS_NOT_ENOUGH_DATA { throw .truncated(.webp) }
      throw .decoder(.webp, message: "the first frame could not be decoded")
    }
    return RGBAImage(width: outWidth, height: outHeight, pixels: pixels)
  }
}
