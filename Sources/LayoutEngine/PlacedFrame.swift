/// One laid-out item as the engine places it (`FrameStore` keeps it in 18 bytes): a 32-byte
/// `Rect` plus column would be 40.
///
/// In a column layout every item's `x` and `width` follow from its column and span, so only the
/// vertical extent is kept; `ColumnGeometry` turns it back into a `Rect`.
struct PlacedFrame: Hashable, Sendable {
  var y: Double
  var height: Double
  var column: Int32
  var span: Int32

  var maxY: Double { y + height }
}
