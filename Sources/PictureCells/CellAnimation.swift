/// The frames of an animated picture as cells of one size, and when each is shown.
///
/// Frames are drawn once, at the size the box shows them; which one is on screen is a function
/// of a clock (`frame(at:)`), so a frame of the browser stays a function of its state.
public struct CellAnimation: Hashable, Sendable {
  /// Every frame's cells, row-major like `SymbolPicture.cells`; the first is the picture's own.
  public let frames: [[SymbolCell]]
  /// Milliseconds each frame stays, every one above zero.
  public let delays: [Int]
  /// How many times the animation plays; 0 for forever. After the last time, the last frame
  /// stays.
  public let loops: Int
  /// One pass through every frame, in milliseconds.
  public let duration: Int

  /// - Precondition: as many delays as frames, at least two frames.
  public init(frames: [[SymbolCell]], delays: [Int], loops: Int) {
    precondition(frames.count == delays.count && frames.count >= 2, "an animation has frames")
    self.frames = frames
    self.delays = delays.map { max(1, $0) }
    self.loops = max(0, loops)
    duration = self.delays.reduce(0, +)
  }

  /// The frame shown `milliseconds` after the animation started, and how long until the next
  /// one (nil once it has stopped on its last frame).
  ///
  /// - Complexity: O(frames).
  public func frame(at milliseconds: Int) -> (index: Int, next: Int?) {
    let time = max(0, milliseconds)
    if loops > 0, time >= duration * loops { return (frames.count - 1, nil) }
    var within = time % duration
    for (index, delay) in delays.enumerated() {
      if within < delay { return (index, delay - within) }
      within -= delay
    }
    return (frames.count - 1, nil)
  }

  /// The bytes the frames take.
  public var byteCount: Int {
    frames.reduce(0) { $0 + $1.count * MemoryLayout<SymbolCell>.stride }
  }
}
