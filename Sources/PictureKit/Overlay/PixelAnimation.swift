import Pictures

/// A moving picture's frames after its first, at the pixels it is shown at, for a terminal
/// that plays animations itself (kitty).
public struct PixelAnimation: Sendable {
  /// How long the first frame stays, in milliseconds.
  public var firstDelay: Int
  /// The frames after the first.
  public var frames: [AnimationFrame]
  /// How many times it plays; 0 for forever.
  public var loops: Int
  /// The file as it came (a GIF, a WebP), for a terminal that plays such files itself (iTerm2).
  public var file: [UInt8]

  public init(firstDelay: Int, frames: [AnimationFrame], loops: Int, file: [UInt8] = []) {
    self.firstDelay = firstDelay
    self.frames = frames
    self.loops = loops
    self.file = file
  }

  /// Each frame as a PNG with its delay; nil when one cannot be encoded.
  package var encoded: [(png: [UInt8], delay: Int)]? {
    var out: [(png: [UInt8], delay: Int)] = []
    for frame in frames {
      guard let png = PNGEncoder.encode(frame.image) else { return nil }
      out.append((png, frame.delay))
    }
    return out
  }
}
