extension UnsafeBufferPointer<UInt8> {
  /// Whether every pixel of this RGBA buffer is fully opaque, so chafa can read it as it is.
  package var allOpaque: Bool {
    var index = 3
    while index < count {
      if self[index] != 0xFF { return false }
      index += 4
    }
    return true
  }

  /// This RGBA buffer laid over `background` (`0xRRGGBB`), every pixel made opaque.
  ///
  /// Done here rather than left to chafa, whose transparent cells come back as "no colour" and
  /// whose threshold would cut soft edges: a caption over a faded corner should fade too.
  package func composited(over background: UInt32) -> [UInt8] {
    let under = [
      UInt32((background >> 16) & 0xFF), UInt32((background >> 8) & 0xFF),
      UInt32(background & 0xFF),
    ]
    var out = [UInt8](repeating: 0xFF, count: count)
    var index = 0
    while index + 3 < count {
      let alpha = UInt32(self[index + 3])
      for channel in 0..<3 {
        let mixed = UInt32(self[index + channel]) * alpha + under[channel] * (255 - alpha)
        out[index + channel] = UInt8((mixed + 127) / 255)
      }
      index += 4
    }
    return out
  }

  /// For each of `columns` × `rows` cells (row by row) the picture is drawn into, whether the
  /// part of this `width` × `height` RGBA buffer under it is clear: every pixel's alpha below
  /// `clearAlpha`. Such a cell is left to the terminal's own background.
  ///
  /// A cell's part is taken generously (its edges rounded outwards), so a cell next to any
  /// ink is never called clear: chafa's scaling may blend that ink into it.
  ///
  /// - Complexity: O(width × height), each pixel looked at about once; a cell stops at its
  ///   first pixel that is not clear.
  package func clearCells(width: Int, height: Int, columns: Int, rows: Int) -> [Bool] {
    precondition(count == width * height * 4, "RGBA pixels need 4 bytes each")
    guard width > 0, height > 0, columns > 0, rows > 0 else {
      return [Bool](repeating: false, count: Swift.max(0, columns) * Swift.max(0, rows))
    }
    func span(_ index: Int, of parts: Int, over length: Int) -> Range<Int> {
      let start = index * length / parts
      let end = ((index + 1) * length + parts - 1) / parts
      return start..<Swift.max(start + 1, Swift.min(length, end))
    }
    var clear = [Bool](repeating: false, count: columns * rows)
    for row in 0..<rows {
      let ys = span(row, of: rows, over: height)
      for column in 0..<columns {
        let xs = span(column, of: columns, over: width)
        clear[row * columns + column] = ys.allSatisfy { y in
          let base = (y * width) * 4 + 3
          return xs.allSatisfy { x in self[base + x * 4] < Self.clearAlpha }
        }
      }
    }
    return clear
  }

  /// Below this alpha a pixel counts as clear: laid over any background it moves that
  /// background by less than 3 %, which no one sees in a cell.
  package static var clearAlpha: UInt8 { 8 }
}
