extension RGBAImage {
  /// The size a `width`×`height` picture takes when fitted into `target` with its aspect kept:
  /// never larger than it is, never smaller than 1×1.
  public static func fittedSize(
    width: Int, height: Int, into target: (width: Int, height: Int)
  ) -> (width: Int, height: Int) {
    guard width > target.width || height > target.height, width > 0, height > 0 else {
      return (width, height)
    }
    let scale = min(
      Double(max(1, target.width)) / Double(width), Double(max(1, target.height)) / Double(height))
    return (
      min(width, max(1, Int((Double(width) * scale).rounded()))),
      min(height, max(1, Int((Double(height) * scale).rounded())))
    )
  }

  /// The bytes `scaled(toFit:)` allocates for a picture `size` big: its working rows (four
  /// floats a pixel, every stored row at the new width) and the result; 0 when it fits.
  public static func scalingBytes(
    from size: (width: Int, height: Int), toFit target: (width: Int, height: Int)
  ) -> Int {
    let fitted = fittedSize(width: size.width, height: size.height, into: target)
    guard fitted != size else { return 0 }
    return size.height * fitted.width * 16 + fitted.width * fitted.height * 4
  }

  /// The picture shrunk to fit `target` with its aspect kept, each new pixel the average of the
  /// area of old pixels it covers; a picture that already fits is returned as it is.
  ///
  /// The average is taken with the colours weighted by their alpha, so a transparent pixel's
  /// (meaningless) colour does not darken its opaque neighbours.
  ///
  /// - Complexity: O(`width` × `height`).
  public func scaled(toFit target: (width: Int, height: Int)) -> RGBAImage {
    scaled(part: (0, 0, width, height), toFit: target)
  }

  /// The pixels of `part` (cut to the picture) shrunk to fit `target` as `scaled(toFit:)`
  /// shrinks a whole picture, without copying the part first: a zoomed window of a large
  /// picture costs its shrink alone (`scalingBytes` of the part's size). A part that fits is
  /// cut out as it is.
  ///
  /// - Complexity: O(the part's pixels).
  public func scaled(
    part rect: (x: Int, y: Int, width: Int, height: Int), toFit target: (width: Int, height: Int)
  ) -> RGBAImage {
    let left = min(max(0, rect.x), width)
    let top = min(max(0, rect.y), height)
    let partWidth = min(max(0, rect.width), width - left)
    let partHeight = min(max(0, rect.height), height - top)
    guard partWidth > 0, partHeight > 0 else { return RGBAImage(width: 0, height: 0, pixels: []) }
    let size = Self.fittedSize(width: partWidth, height: partHeight, into: target)
    guard size != (partWidth, partHeight) else {
      return cropped(to: (left, top, partWidth, partHeight))
    }
    let columns = AreaWeights(from: partWidth, to: size.width)
    let rows = AreaWeights(from: partHeight, to: size.height)
    // Horizontal pass: every row of the part shrunk to the new width, premultiplied, in floats.
    var across = [Float](repeating: 0, count: partHeight * size.width * 4)
    pixels.withUnsafeBufferPointer { source in
      across.withUnsafeMutableBufferPointer { target in
        for y in 0..<partHeight {
          let row = ((top + y) * width + left) * 4
          for x in 0..<size.width {
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for k in columns.starts[x]..<columns.starts[x + 1] {
              let at = row + columns.indices[k] * 4
              let weight = columns.weights[k]
              let alpha = Float(source[at + 3]) * weight
              sum.0 += Float(source[at]) * alpha
              sum.1 += Float(source[at + 1]) * alpha
              sum.2 += Float(source[at + 2]) * alpha
              sum.3 += alpha
            }
            let to = (y * size.width + x) * 4
            (target[to], target[to + 1], target[to + 2], target[to + 3]) = sum
          }
        }
      }
    }
    // Vertical pass, then back to unassociated alpha.
    var out = [UInt8](repeating: 0, count: size.width * size.height * 4)
    across.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for y in 0..<size.height {
          for x in 0..<size.width {
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for k in rows.starts[y]..<rows.starts[y + 1] {
              let at = (rows.indices[k] * size.width + x) * 4
              let weight = rows.weights[k]
              sum.0 += source[at] * weight
              sum.1 += source[at + 1] * weight
              sum.2 += source[at + 2] * weight
              sum.3 += source[at + 3] * weight
            }
            let to = (y * size.width + x) * 4
            guard sum.3 > 0 else { continue }  // Fully transparent: stays (0, 0, 0, 0).
            target[to] = Self.byte(sum.0 / sum.3)
            target[to + 1] = Self.byte(sum.1 / sum.3)
            target[to + 2] = Self.byte(sum.2 / sum.3)
            target[to + 3] = Self.byte(sum.3)
          }
        }
      }
    }
    return RGBAImage(width: size.width, height: size.height, pixels: out)
  }

  private static func byte(_ value: Float) -> UInt8 {
    UInt8(min(255, max(0, value.rounded())))
  }
}

/// For each new pixel along one axis, the old pixels it covers and the share of each, summing
/// to 1: new pixel `i` covers the old interval [i·n/m, (i+1)·n/m).
private struct AreaWeights {
  /// New pixel `i`'s entries are `starts[i]..<starts[i + 1]`.
  var starts: [Int] = [0]
  var indices: [Int] = []
  var weights: [Float] = []

  init(from old: Int, to new: Int) {
    let step = Double(old) / Double(new)
    for i in 0..<new {
      let low = Double(i) * step
      let high = min(Double(old), Double(i + 1) * step)
      var index = Int(low)
      while Double(index) < high, index < old {
        let overlap = min(high, Double(index + 1)) - max(low, Double(index))
        if overlap > 0 {
          indices.append(index)
          weights.append(Float(overlap / step))
        }
        index += 1
      }
      starts.append(indices.count)
    }
  }
}
