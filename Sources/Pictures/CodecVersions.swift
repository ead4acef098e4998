import CPictureCodecs

/// The versions of the picture codecs, for `cascade --version` (bug reports): what decodes a
/// picture that looks wrong matters as much as Cascade's own version.
public enum CodecVersions {
  /// Each library's name and version, in the order JPEG, PNG, WebP, GIF. libpng and libwebp
  /// say the version of the library loaded at run time; libjpeg-turbo and giflib only the one
  /// their headers had at build time.
  public static var all: [(name: String, version: String)] {
    let jpeg = Int(cascade_libjpeg_turbo_version_number())
    let webp = Int(WebPGetDecoderVersion())
    let gif = Int(cascade_giflib_version_number())
    let png = Int(cascade_png_version_number())
    return [
      ("libjpeg-turbo", "\(jpeg / 1_000_000).\(jpeg / 1_000 % 1_000).\(jpeg % 1_000)"),
      ("libpng", "\(png / 10_000).\(png / 100 % 100).\(png % 100)"),
      ("libwebp", "\(webp >> 16).\(webp >> 8 & 0xFF).\(webp & 0xFF)"),
      ("giflib", "\(gif / 10_000).\(gif / 100 % 100).\(gif % 100)"),
    ]
  }
}
