#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Drawing a BlurHash: the reference decoder's arithmetic (woltapp/blurhash, `decode.ts`), so a
/// hash shows here as it does in any app that sends it.
extension BlurHash {
  /// The most pixels `pixels` draws a side. A blur has at most 9 components a side, so more
  /// samples add nothing a terminal cell could show, and a box of any size costs the same.
  public static let maximumSide = 32

  /// The blur drawn `width` × `height` pixels: row-major sRGB, three bytes a pixel.
  ///
  /// The average colour is stored in sRGB and goes to linear light; each other component is
  /// quantised to 19 levels a channel, spread by `sign(v)·v²` and scaled by the hash's
  /// maximum value; a pixel sums the components times their cosines and goes back to sRGB.
  ///
  /// - Precondition: both sides are 1 ... `maximumSide`.
  /// - Complexity: O(`width` · `height` · components).
  public func pixels(width: Int, height: Int) -> [UInt8] {
    precondition(
      (1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height),
      "BlurHash: a side outside 1...\(Self.maximumSide)")
    let components = componentsX * componentsY
    let maximum = Double(digits(1..<2) + 1) / 166
    // Linear RGB of each component, three numbers each.
    var colors = [Double](repeating: 0, count: 3 * components)
    let average = digits(2..<6)
    colors[0] = Self.linear[average >> 16]
    colors[1] = Self.linear[average >> 8 & 0xFF]
    colors[2] = Self.linear[average & 0xFF]
    for component in 1..<components {
      let value = digits((4 + 2 * component)..<(6 + 2 * component))
      let quantised = [value / (19 * 19), value / 19 % 19, value % 19]
      for channel in 0..<3 {
        let v = Double(quantised[channel] - 9) / 9
        colors[3 * component + channel] = (v < 0 ? -1 : 1) * v * v * maximum
      }
    }
    let across = Self.cosines(count: width, components: componentsX)
    let down = Self.cosines(count: height, components: componentsY)
    var out = [UInt8](repeating: 0, count: 3 * width * height)
    for y in 0..<height {
      for x in 0..<width {
        var (r, g, b) = (0.0, 0.0, 0.0)
        for j in 0..<componentsY {
          for i in 0..<componentsX {
            let basis = across[x * componentsX + i] * down[y * componentsY + j]
            let c = 3 * (j * componentsX + i)
            r += colors[c] * basis
            g += colors[c + 1] * basis
            b += colors[c + 2] * basis
          }
        }
        let p = 3 * (y * width + x)
        out[p] = Self.sRGB(r)
        out[p + 1] = Self.sRGB(g)
        out[p + 2] = Self.sRGB(b)
      }
    }
    return out
  }

  /// `cos(π·p·k / count)` for each position `p` and component `k`, position-major.
  private static func cosines(count: Int, components: Int) -> [Double] {
    var table = [Double](repeating: 0, count: count * components)
    for p in 0..<count {
      for k in 0..<components {
        table[p * components + k] = cos(Double.pi * Double(p * k) / Double(count))
      }
    }
    return table
  }

  /// Each sRGB byte in linear light.
  private static let linear: [Double] = (0..<256).map { byte in
    let v = Double(byte) / 255
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
  }

  /// A linear value back to an sRGB byte, clamped, rounded as the reference rounds.
  private static func sRGB(_ value: Double) -> UInt8 {
    let v = max(0, min(1, value))
    let scaled = v <= 0.003_130_8 ? v * 12.92 * 255 : (1.055 * pow(v, 1 / 2.4) - 0.055) * 255
    return UInt8(min(255, Int(scaled + 0.5)))
  }
}
