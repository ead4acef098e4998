/// libFuzzer target: `PictureDecoder.decode` on arbitrary bytes, through the codec libraries.
///
/// The codecs are fuzzed upstream; what this target checks is Cascade's glue around them —
/// giflib's read callback, the buffers handed to TurboJPEG, libpng and libwebp, the CMYK
/// conversion, orientation and scaling — under the address sanitizer. Every input must decode
/// to a picture of a sane size or throw a `PictureError`.
///
/// The first byte picks a target box (or none) and small limits, so the limit paths and the
/// DCT-scaled decode are explored too.

#if canImport(Glibc)
  import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPictureDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let control = Int(data[0])
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let target = control & 0x80 != 0 ? (width: 1 + control & 0x0F, height: 1 + control >> 4) : nil
  // Small enough that a lying header costs little memory, large enough for real seeds.
  let limits = PictureLimits(maxPixels: 1 << 22, maxBytes: 1 << 20)
  do {
    let image = try PictureDecoder.decode(bytes, fitting: target, limits: limits)
    require(image.width > 0 && image.height > 0, "an empty picture")
    require(image.pixels.count == image.width * image.height * 4, "a short pixel buffer")
    if let target {
      require(image.width <= target.width && image.height <= target.height, "does not fit")
    }
  } catch {
    require(!error.description.isEmpty, "an empty error description")
  }
  return 0
}

/// `precondition` that says why even in an optimised build, then aborts so that libFuzzer keeps
/// the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  fputs("invariant broken: \(message())\n", stderr)
  abort()
}
