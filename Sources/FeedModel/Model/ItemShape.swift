/// The most extreme shape an item is laid out with, 64:1 either way, so that no box is a million
/// rows tall or a hair wide; the size itself is kept as the feed gave it.
package enum ItemShape {
  /// The tallest shape kept, height / width; a taller picture is cut to this shape.
  package static let maxAspectRatio: Double = 64
  /// The widest shape kept, height / width; a wider picture is cut to this shape.
  package static let minAspectRatio: Double = 1 / 64

  /// The size with its shape held within `minAspectRatio...maxAspectRatio` by shortening the
  /// longer side; sizes within the range come back unchanged. Both sides must be finite and
  /// above zero. Multiplying by 64 is exact, so the clamped ratio is exactly 64 or 1/64.
  package static func clamped(width: Double, height: Double) -> (width: Double, height: Double) {
    let ratio = height / width
    if !(ratio <= maxAspectRatio) { return (width, width * maxAspectRatio) }
    if ratio < minAspectRatio { return (height * maxAspectRatio, height) }
    return (width, height)
  }
}
