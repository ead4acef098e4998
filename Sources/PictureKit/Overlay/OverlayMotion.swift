import BrowserCore
import Pictures

/// How a protocol drawn over the frame shows a moving picture: the one answer the loader asks
/// of it before it decodes frames, so that a protocol's way with animation is written in its
/// drawer, not in the loader.
package enum OverlayMotion: Sendable, Equatable {
  /// The terminal plays the picture itself once it has it (kitty's animation frames, iTerm2's
  /// GIF file): at most `frameLimit` frames are decoded (two tell iTerm2's file moves).
  case playedByTerminal(frameLimit: Int)
  /// The terminal shows one frame at a time (sixel): the view redraws the frames by their
  /// clock, only full screen when `fullScreenOnly` (each frame is a whole picture's bytes).
  case frameByFrame(fullScreenOnly: Bool)

  /// Whether a picture drawn at `key` is decoded with its frames.
  package func plays(_ key: PictureKey) -> Bool {
    guard key.crop == nil else { return false }
    switch self {
    case .playedByTerminal: return true
    case .frameByFrame(let fullScreenOnly): return !fullScreenOnly || key.fullScreen
    }
  }

  /// The most frames decoded of a moving picture.
  package var frameLimit: Int {
    switch self {
    case .playedByTerminal(let limit): limit
    case .frameByFrame: AnimationDecoder.maximumFrames
    }
  }
}
