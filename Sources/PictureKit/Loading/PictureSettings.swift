import FeedKit
import PictureCells
import Pictures

/// How many colours pictures are drawn with (`--color`).
public enum ColorChoice: String, Sendable, CaseIterable {
  /// What the terminal's terminfo says: direct colour with `RGB`/`COLORS` ≥ 2²⁴, else 256,
  /// else 16, else no pictures.
  case auto
  /// 24-bit colour, through the `*-direct` terminfo entry of the terminal's family when its
  /// own entry has only a palette (a truecolor terminal under `xterm-256color`).
  case direct
  case palette256 = "256"
  case palette16 = "16"
  /// No pictures.
  case none

  /// The mode pictures are drawn in on a terminal with `colorCount` colours; nil for none.
  public func mode(colorCount: Int) -> CellColorMode? {
    let best: CellColorMode? =
      colorCount >= 1 << 24
      ? .direct
      : colorCount >= 256
        ? .palette256
        : colorCount >= 16 ? .palette16 : nil
    switch self {
    case .auto: return best
    case .direct: return colorCount >= 1 << 24 ? .direct : best
    case .palette256: return colorCount >= 256 ? .palette256 : best
    case .palette16: return colorCount >= 16 ? .palette16 : nil
    case .none: return nil
    }
  }
}

/// What the browser needs to draw pictures, besides the terminal.
public struct PictureSettings: Sendable {
  public var source: FeedSource
  public var color = ColorChoice.auto
  public var limits = PictureLimits()
  public var load = LoadOptions()
  public var diskCache: PictureDiskCache?
  /// The budget in bytes of pictures kept drawn in memory.
  public var memoryBudget = 64 << 20
  public var jobs = 4
  /// Whether animated pictures move (`--no-animation`).
  public var animations = true
  /// How pictures reach the screen, chosen before the browser starts; nil for symbols.
  public var decision: PictureDecision?

  public init(source: FeedSource) { self.source = source }
}
