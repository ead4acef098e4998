/// The line layout of the classic iOS carousel: one horizontal row of equal boxes, each shrunk
/// by its distance from the centre of the view, and scrolling that settles with a box centred.
///
/// The row's left and right insets are half a view less half a box, so that the first and the
/// last box can both reach the centre. Frames are in content coordinates; the view is a rect of
/// the view's size at some horizontal offset.
public struct CarouselLayout: Hashable, Sendable {
  public struct Configuration: Hashable, Sendable {
    public var viewWidth: Double
    public var viewHeight: Double
    public var itemWidth: Double
    public var itemHeight: Double
    public var spacing: Double

    public init(
      viewWidth: Double, viewHeight: Double, itemWidth: Double, itemHeight: Double,
      spacing: Double = 0
    ) {
      self.viewWidth = viewWidth
      self.viewHeight = viewHeight
      self.itemWidth = itemWidth
      self.itemHeight = itemHeight
      self.spacing = spacing
    }
  }

  public var configuration: Configuration
  public var itemCount: Int

  public init(configuration: Configuration, itemCount: Int) {
    self.configuration = configuration
    self.itemCount = max(0, itemCount)
  }

  private var pitch: Double { configuration.itemWidth + configuration.spacing }

  /// Half a view less half a box, so the end boxes can be centred (0 when a box is wider).
  public var horizontalInset: Double {
    max(0, (configuration.viewWidth - configuration.itemWidth) / 2)
  }

  /// - Complexity: O(1).
  public var contentSize: Size {
    let row =
      itemCount == 0
      ? 0
      : Double(itemCount) * configuration.itemWidth + Double(itemCount - 1) * configuration.spacing
    return Size(width: 2 * horizontalInset + row, height: configuration.viewHeight)
  }

  /// The unscaled frame of item `i`.
  /// - Complexity: O(1).
  public func frame(of i: Int) -> Rect? {
    guard i >= 0, i < itemCount else { return nil }
    return Rect(
      x: horizontalInset + Double(i) * pitch,
      y: max(0, (configuration.viewHeight - configuration.itemHeight) / 2),
      width: configuration.itemWidth, height: configuration.itemHeight)
  }

  /// `1 − |centerX − viewCenterX| / viewWidth`, at least 0.
  public func scale(of i: Int, offset: Double) -> Double {
    guard let frame = frame(of: i), configuration.viewWidth > 0 else { return 1 }
    let viewCenter = offset + configuration.viewWidth / 2
    return max(0, 1 - abs(frame.x + frame.width / 2 - viewCenter) / configuration.viewWidth)
  }

  /// The boxes the view at `offset` shows, shrunk around their centres, in item order.
  /// - Complexity: O(k) for the k boxes in view.
  public func attributes(atOffset offset: Double) -> [LayoutAttributes] {
    let view = Rect(
      x: offset, y: 0, width: configuration.viewWidth, height: configuration.viewHeight)
    guard itemCount > 0, pitch > 0, view.width > 0 else { return [] }
    let first = max(
      0, Int(((view.minX - horizontalInset - configuration.itemWidth) / pitch).rounded(.down)))
    let last = min(itemCount - 1, Int(((view.maxX - horizontalInset) / pitch).rounded(.up)))
    guard first <= last else { return [] }
    return (first...last).compactMap { i in
      guard let frame = frame(of: i) else { return nil }
      let scale = scale(of: i, offset: offset)
      let width = frame.width * scale
      let height = frame.height * scale
      let shrunk = Rect(
        x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2,
        width: width, height: height)
      // What is drawn is the shrunk box, so that is what must be in view.
      guard shrunk.overlaps(view) else { return nil }
      return LayoutAttributes(index: i, frame: shrunk, column: 0, scale: scale)
    }
  }

  /// The box whose centre is nearest the centre of the view at `offset` (the lower on a tie).
  /// - Complexity: O(1).
  public func item(nearestCenterAt offset: Double) -> Int? {
    guard itemCount > 0 else { return nil }
    guard pitch > 0 else { return 0 }
    let center = offset + configuration.viewWidth / 2
    let position = (center - horizontalInset - configuration.itemWidth / 2) / pitch
    guard position.isFinite else { return 0 }
    let i = Int(max(0, min(Double(itemCount - 1), (position - 0.5).rounded(.up))))
    return i
  }

  /// Where a scroll that would stop at `proposed` settles: the proposed offset plus the
  /// smallest distance from the view's centre to a box's centre, as the iOS line layout's
  /// `targetContentOffset(forProposedContentOffset:)` does.
  /// - Complexity: O(1).
  public func targetOffset(forProposed proposed: Double) -> Double {
    // proposed + (centre of i − (proposed + viewWidth/2)), without the rounding of the detour.
    guard let i = item(nearestCenterAt: proposed) else { return 0 }
    return offset(centering: i) ?? 0
  }

  /// The offset that centres item `i`.
  public func offset(centering i: Int) -> Double? {
    frame(of: i).map { $0.x + $0.width / 2 - configuration.viewWidth / 2 }
  }
}
