/// The part of a picture drawn when the full screen is zoomed in: a window on the decoded
/// original, in ten-thousandths of its width and height, so that a key made of it compares
/// exactly and a pan of a step is another key.
public struct PictureCrop: Hashable, Sendable {
  public static let whole = 10_000

  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// How much larger than the whole picture the window is drawn: its width's share, inverted.
  public var magnification: Double { Double(Self.whole) / Double(max(1, width)) }

  /// The window in the pixels of a picture `pictureWidth` × `pictureHeight`: at least a pixel
  /// each way, and inside the picture.
  public func pixels(pictureWidth: Int, pictureHeight: Int) -> (
    x: Int, y: Int, width: Int, height: Int
  ) {
    func part(_ value: Int, of side: Int) -> Int { value * side / Self.whole }
    let w = min(pictureWidth, max(1, part(width, of: pictureWidth)))
    let h = min(pictureHeight, max(1, part(height, of: pictureHeight)))
    let left = min(max(0, part(x, of: pictureWidth)), pictureWidth - w)
    let top = min(max(0, part(y, of: pictureHeight)), pictureHeight - h)
    return (left, top, w, h)
  }
}

/// How far the full screen is zoomed into its picture, and where: `+` and `-` step through
/// `factors`, the movement keys move the window by a quarter of its size.
struct FullScreenZoom: Hashable {
  /// The magnifications `+` steps through; 1 is the whole picture.
  static let factors: [Double] = [1, 1.5, 2, 3, 4, 6, 8]

  var level = 0
  /// The window's centre, as a share of the picture's width and height.
  var centreX = 0.5
  var centreY = 0.5

  var factor: Double { Self.factors[level] }
  var isZoomed: Bool { level > 0 }

  mutating func zoom(in more: Bool) {
    level = min(Self.factors.count - 1, max(0, level + (more ? 1 : -1)))
    if level == 0 { (centreX, centreY) = (0.5, 0.5) }
    clamp()
  }

  /// Moves the window by `dx`, `dy` quarters of its size.
  mutating func pan(dx: Int, dy: Int) {
    centreX += Double(dx) / (4 * factor)
    centreY += Double(dy) / (4 * factor)
    clamp()
  }

  private mutating func clamp() {
    let half = 0.5 / factor
    centreX = min(1 - half, max(half, centreX))
    centreY = min(1 - half, max(half, centreY))
  }

  /// The window, nil when the whole picture shows.
  var crop: PictureCrop? {
    guard isZoomed else { return nil }
    let whole = Double(PictureCrop.whole)
    let side = Int((whole / factor).rounded())
    return PictureCrop(
      x: Int(((centreX - 0.5 / factor) * whole).rounded()),
      y: Int(((centreY - 0.5 / factor) * whole).rounded()), width: side, height: side)
  }
}
