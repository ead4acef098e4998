/// A colour as the drawing code asks for it; the canvas maps it to what the terminal has.
///
/// Drawing code picks colours without knowing the terminal, so a 24-bit colour can be asked for
/// and still show as the nearest of 256 or 16: a picture's cells ask for the colours they
/// have and show on every terminal.
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
  case ansi(UInt8)
  /// One of the 256 colours of the xterm palette.
  case palette(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)

  /// The nearest colour of the xterm 256-colour palette, for terminals without 24-bit colour.
  package var paletteIndex: Int {
    switch self {
    case .default: return -1
    case .ansi(let n): return Int(n & 15)
    case .palette(let n): return Int(n)
    case .rgb(let r, let g, let b):
      func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
      let (lr, lg, lb) = (level(r), level(g), level(b))
      if lr == lg && lg == lb {
        let gray = (Int(r) + Int(g) + Int(b)) / 3
        if gray < 8 { return 16 }
        if gray > 238 { return 231 }
        return 232 + (gray - 8) / 10
      }
      return 16 + 36 * lr + 6 * lg + lb
    }
  }

  /// The nearest of the 16 ANSI colours (bright ones 8–15); -1 for the default.
  package var sixteenIndex: Int {
    switch self {
    case .default: return -1
    case .ansi(let n): return Int(n & 15)
    case .palette(let n) where n < 16: return Int(n)
    default:
      let (r, g, b) = rgbComponents
      let basic = basicIndex
      return max(r, g, b) >= 192 && basic != 0 ? basic + 8 : basic
    }
  }

  /// The nearest of the 8 basic colours (for 8-colour terminals); -1 for the default.
  package var basicIndex: Int {
    switch self {
    case .default: return -1
    case .ansi(let n): return Int(n & 7)
    case .palette(let n) where n < 16: return Int(n & 7)
    default:
      let (r, g, b) = rgbComponents
      let brightest = max(r, g, b)
      guard brightest >= 64 else { return 0 }
      let cut = brightest / 2
      return (r > cut ? 1 : 0) | (g > cut ? 2 : 0) | (b > cut ? 4 : 0)
    }
  }

  /// The colour's number in a direct-colour terminfo (`xterm-direct`): 0–7 are the basic
  /// colours, anything else is `0xRRGGBB` (so a 24-bit colour below 8 is nudged to 8).
  package var directNumber: Int {
    switch self {
    case .default: return -1
    case .ansi(let n) where n < 8: return Int(n)
    case .palette(let n) where n < 8: return Int(n)
    case .rgb(let r, let g, let b):
      return max(8, Int(r) << 16 | Int(g) << 8 | Int(b))
    default:
      let (r, g, b) = rgbComponents
      return max(8, r << 16 | g << 8 | b)
    }
  }

  /// An approximation of the colour's components, used only to pick a nearest basic colour.
  private var rgbComponents: (Int, Int, Int) {
    switch self {
    case .rgb(let r, let g, let b): return (Int(r), Int(g), Int(b))
    case .palette(let n) where n >= 232:
      let v = 8 + 10 * (Int(n) - 232)
      return (v, v, v)
    case .palette(let n) where n >= 16:
      let i = Int(n) - 16
      func value(_ l: Int) -> Int { l == 0 ? 0 : 55 + 40 * l }
      return (value(i / 36), value(i / 6 % 6), value(i % 6))
    case .ansi(let n) where n >= 8, .palette(let n) where n >= 8 && n < 16:
      let bright = [
        (128, 128, 128), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
      ]
      return bright[Int(n & 7)]
    default: return (192, 192, 192)
    }
  }
}
