extension RGBAImage {
  /// The pixels of `rect`, cut to the picture: what a zoomed full screen shows of it.
  /// - Complexity: O(the rectangle's pixels).
  public func cropped(to rect: (x: Int, y: Int, width: Int, height: Int)) -> RGBAImage {
    let left = min(max(0, rect.x), width)
    let top = min(max(0, rect.y), height)
    let w = min(max(0, rect.width), width - left)
    let h = min(max(0, rect.height), height - top)
    guard w > 0, h > 0 else { return RGBAImage(width: 0, height: 0, pixels: []) }
    if left == 0, top == 0, w == width, h == height { return self }
    var kept = [UInt8]()
    kept.reserveCapacity(w * h * 4)
    for y in top..<(top + h) {
      let start = (y * width + left) * 4
      kept.append(contentsOf: pixels[start..<(start + w * 4)])
    }
    return RGBAImage(width: w, height: h, pixels: kept)
  }
}
