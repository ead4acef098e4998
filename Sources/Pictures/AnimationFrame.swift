/// One frame of an animation, composed on the animation's canvas as a browser shows it, and
/// how long it stays.
public struct AnimationFrame: Sendable {
  public var image: RGBAImage
  /// Milliseconds until the next frame.
  public var delay: Int

  public init(image: RGBAImage, delay: Int) {
    self.image = image
    self.delay = delay
  }

  /// A frame's delay as browsers show it: a GIF's 0 or 1 hundredths of a second (which old
  /// encoders wrote for "as fast as possible") are 100 ms, so a hostile file cannot ask for
  /// a thousand frames a second.
  static func shownDelay(_ milliseconds: Int) -> Int {
    milliseconds <= 10 ? 100 : min(milliseconds, 60_000)
  }
}
