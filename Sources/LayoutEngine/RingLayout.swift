/// The circle layout of the classic iOS demo: boxes of one size on a circle centred in the view,
/// item i at angle `2π·i/n`, its centre at `(cx + r·sin a, cy + r·cos a)`.
///
/// `r` is the largest radius that keeps every box inside the view. A terminal's cells are about
/// twice as tall as wide, so `horizontalStretch` widens the circle's x radius by that factor to
/// make it look round when the view is measured in cells; 1 keeps a true circle.
public struct RingLayout: Hashable, Sendable {
  public struct Configuration: Hashable, Sendable {
    public var viewWidth: Double
    public var viewHeight: Double
    public var itemWidth: Double
    public var itemHeight: Double
    public var horizontalStretch: Double

    public init(
      viewWidth: Double, viewHeight: Double, itemWidth: Double, itemHeight: Double,
      horizontalStretch: Double = 1
    ) {
      self.viewWidth = viewWidth
      self.viewHeight = viewHeight
      self.itemWidth = itemWidth
      self.itemHeight = itemHeight
      self.horizontalStretch = horizontalStretch
    }
  }

  public var configuration: Configuration
  public var itemCount: Int

  public init(configuration: Configuration, itemCount: Int) {
    self.configuration = configuration
    self.itemCount = max(0, itemCount)
  }

  /// The radius, in vertical units: the largest that fits both ways (0 if nothing fits).
  public var radius: Double {
    let c = configuration
    let stretch = c.horizontalStretch.isFinite && c.horizontalStretch > 0 ? c.horizontalStretch : 1
    let r = min((c.viewWidth - c.itemWidth) / 2 / stretch, (c.viewHeight - c.itemHeight) / 2)
    return r.isFinite ? max(0, r) : 0
  }

  public var contentSize: Size {
    Size(width: configuration.viewWidth, height: configuration.viewHeight)
  }

  /// - Complexity: O(1).
  public func frame(of i: Int) -> Rect? {
    guard i >= 0, i < itemCount else { return nil }
    let c = configuration
    var center = Point(x: c.viewWidth / 2, y: c.viewHeight / 2)
    if itemCount > 1 {
      let angle = 2 * Double.pi * Double(i) / Double(itemCount)
      let (sine, cosine) = Trigonometry.sinCos(angle)
      let stretch =
        c.horizontalStretch.isFinite && c.horizontalStretch > 0 ? c.horizontalStretch : 1
      center.x += stretch * radius * sine
      center.y += radius * cosine
    }
    return Rect(
      x: center.x - c.itemWidth / 2, y: center.y - c.itemHeight / 2, width: c.itemWidth,
      height: c.itemHeight)
  }

  /// Every box overlapping `rect`, in item order.
  /// - Complexity: O(n): a ring shows few boxes.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    (0..<itemCount).compactMap { i in
      guard let frame = frame(of: i), frame.overlaps(rect) else { return nil }
      return LayoutAttributes(index: i, frame: frame, column: 0)
    }
  }
}
