/// What each picture's box adds around the picture: a border, a caption under it.
///
/// A box is as wide as its column (two columns and the gap, enlarged), and its picture fills
/// that width less `width`; the box is as tall as the picture at that width plus `height`. So a
/// picture is never narrowed to make room for its caption: the caption makes the box taller.
public struct Decoration: Hashable, Sendable {
  /// The width the box takes from its picture (a border each side).
  public var width: Double
  /// The height the box adds to its picture's (a border above and below, a caption row).
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// No decoration: a box is its picture.
  public static let none = Decoration(width: 0, height: 0)

  /// The height of a box `boxWidth` wide around a picture of aspect ratio `ratio`.
  @inlinable
  public func boxHeight(width boxWidth: Double, ratio: Double) -> Double {
    max(0, boxWidth - width) * ratio + height
  }
}
