import CPictureCodecs

/// RGBA pixels to a PNG file in memory, through libpng's simplified write API (which reports
/// failure by return value, no `longjmp` through Swift frames).
///
/// A terminal graphics protocol takes a PNG as compact, lossless pixels: for photos a third to a
/// half of the raw RGBA bytes, which matters more than the encoding time when every byte goes
/// through a terminal (and perhaps ssh).
public enum PNGEncoder {
  /// The PNG of `image`, or nil if libpng refuses it (too large for its 32-bit strides).
  ///
  /// - Complexity: O(pixels).
  public static func encode(_ image: RGBAImage) -> [UInt8]? {
    guard image.width > 0, image.height > 0, let stride = Int32(exactly: image.width * 4),
      let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height)
    else { return nil }
    var png = png_image()
    png.version = cascade_png_image_version()
    png.width = width
    png.height = height
    png.format = cascade_png_format_rgba()
    // Faster zlib settings: the bytes are sent once and the time is spent on every picture.
    png.flags = UInt32(PNG_IMAGE_FLAG_FAST)
    defer { png_image_free(&png) }
    return image.pixels.withUnsafeBytes { pixels -> [UInt8]? in
      var size: png_alloc_size_t = 0
      guard png_image_write_to_memory(&png, nil, &size, 0, pixels.baseAddress, stride, nil) != 0,
        size > 0
      else { return nil }
      var bytes = [UInt8](repeating: 0, count: Int(size))
      let written = bytes.withUnsafeMutableBytes { target in
        png_image_write_to_memory(
          &png, target.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
      }
      guard written != 0 else { return nil }
      return Array(bytes.prefix(Int(size)))
    }
  }
}
