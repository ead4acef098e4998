extension RGBAImage {
  /// The picture as it is meant to be seen, given the EXIF `orientation` (1...8) it was stored
  /// with; any other value leaves it as stored.
  ///
  /// Orientation n says where the stored first row and column belong: 2 mirrors, 3 turns half,
  /// 4 flips, 5 transposes, 6 turns a quarter clockwise, 7 transverses, 8 turns a quarter
  /// counter-clockwise. 5...8 swap width and height.
  ///
  /// - Complexity: O(`width` × `height`).
  public func oriented(_ orientation: Int) -> RGBAImage {
    guard (2...8).contains(orientation) else { return self }
    let (w, h) = (width, height)
    let swaps = orientation >= 5
    let (outWidth, outHeight) = swaps ? (h, w) : (w, h)
    var out = [UInt8](repeating: 0, count: pixels.count)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for y in 0..<outHeight {
          for x in 0..<outWidth {
            // The stored pixel shown at (x, y).
            let (sx, sy): (Int, Int) =
              switch orientation {
              case 2: (w - 1 - x, y)
              case 3: (w - 1 - x, h - 1 - y)
              case 4: (x, h - 1 - y)
              case 5: (y, x)
              case 6: (y, h - 1 - x)
              case 7: (w - 1 - y, h - 1 - x)
              default: (w - 1 - y, x)
              }
            let from = (sy * w + sx) * 4
            let to = (y * outWidth + x) * 4
            target[to] = source[from]
            target[to + 1] = source[from + 1]
            target[to + 2] = source[from + 2]
            target[to + 3] = source[from + 3]
          }
        }
      }
    }
    return RGBAImage(width: outWidth, height: outHeight, pixels: out)
  }
}
