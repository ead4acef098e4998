/// Small RGBA pictures made for the tests, so each expected cell follows from how they are drawn.
enum Pixels {
  /// `width` × `height` pixels of one colour (`0xRRGGBB`) at `alpha`.
  static func uniform(_ rgb: UInt32, width: Int, height: Int, alpha: UInt8 = 0xFF) -> [UInt8] {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { pixels += rgba(rgb, alpha: alpha) }
    return pixels
  }

  /// The top half of the rows in `top`, the bottom half in `bottom`.
  static func halves(top: UInt32, bottom: UInt32, width: Int, height: Int) -> [UInt8] {
    uniform(top, width: width, height: height / 2)
      + uniform(bottom, width: width, height: height - height / 2)
  }

  /// A smooth picture with a different colour in every pixel, for comparing whole renders.
  static func gradient(width: Int, height: Int) -> [UInt8] {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let red = UInt32(x * 255 / max(1, width - 1))
        let green = UInt32(y * 255 / max(1, height - 1))
        let blue = UInt32((x + y) * 255 / max(1, width + height - 2))
        pixels += rgba(red << 16 | green << 8 | blue, alpha: 0xFF)
      }
    }
    return pixels
  }

  /// A white disc on black filling a `size` × `size` square: curved edges at every angle, which
  /// need partial blocks (and sextants, where allowed) to draw.
  static func disc(size: Int) -> [UInt8] {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(size * size * 4)
    let centre = Double(size) / 2
    for y in 0..<size {
      for x in 0..<size {
        let dx = Double(x) + 0.5 - centre
        let dy = Double(y) + 0.5 - centre
        pixels += rgba(dx * dx + dy * dy < centre * centre * 0.8 ? 0xFFFFFF : 0, alpha: 0xFF)
      }
    }
    return pixels
  }

  private static func rgba(_ rgb: UInt32, alpha: UInt8) -> [UInt8] {
    [UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF), alpha]
  }
}
