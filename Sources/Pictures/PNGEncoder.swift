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
  /// An opaque picture is written without its alpha channel: a quarter fewer bytes to
  /// compress, and to send.
  public static func encode(_ image: RGBAImage) -> [UInt8]? {
    var opaque = true
    for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] != 255 {
      opaque = false
      break
    }
    let channels = opaque ? 3 : 4
    guard image.width > 0, image.height > 0, let stride = Int32(exactly: image.width * channels),
      let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height)
    else { return nil }
    var png = png_image()
    png.version = cascade_png_image_version()
    png.width = width
    png.height = height
    png.format = opaque ? UInt32(PNG_FORMAT_FLAG_COLOR) : cascade_png_format_rgba()
    let samples: [UInt8]
    if opaque {
      var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
      image.pixels.withUnsafeBufferPointer { source in
        rgb.withUnsafeMutableBufferPointer { target in
          for p in 0..<(image.width * image.height) {
            target[p * 3] = source[p * 4]
            target[p * 3 + 1] = source[p * 4 + 1]
            target[p * 3 + 2] = source[p * 4 + 2]
          }
        }
      }
      samples = rgb
    } else {
      samples = image.pixels
    }
    // Faster zlib settings: the bytes are sent once and the time is spent on every picture.
    png.flags = UInt32(PNG_IMAGE_FLAG_FAST)
    defer { png_image_free(&png) }
    return samples.withUnsafeBytes { pixels -> [UInt8]? in
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
