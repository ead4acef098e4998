/// Decoded pixels: 8-bit red, green, blue and unassociated alpha, rows top to bottom, each
/// `width * 4` bytes with no padding — the layout chafa's `RGBA8_UNASSOCIATED` takes as is.
public struct RGBAImage: Sendable, Equatable {
  public var width: Int
  public var height: Int
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "RGBAImage: a negative size \(width)×\(height)")
    precondition(
      pixels.count == width * height * 4, "RGBAImage: \(pixels.count) bytes for \(width)×\(height)")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The row stride in bytes.
  public var bytesPerRow: Int { width * 4 }

  /// The pixel at (`x`, `y`) as (red, green, blue, alpha).
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition(
      x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
    let at = (y * width + x) * 4
    return (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3])
  }
}
