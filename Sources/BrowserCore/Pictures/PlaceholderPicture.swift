import FeedModel
import PictureCells

/// An item's placeholder drawn as the cells its picture will fill, so that the view draws it
/// as it draws a picture: a flat colour as blank cells on that colour, a blur as half blocks
/// (`▀` on its lower pixel's colour, in its upper pixel's), two pixels a cell.
///
/// Colours go through the mode the pictures are drawn in, so a placeholder never shows a
/// colour its picture could not: 24-bit, the 240 fixed colours of the 256-colour palette, or
/// the 16 standard ones.
enum PlaceholderPicture {
  /// `placeholder` as `columns` × `rows` cells in `colors`; with `halfBlocks` off (no UTF-8),
  /// a blur is drawn one colour a cell, the average of its two pixels.
  ///
  /// A blur is decoded at no more than `BlurHash.maximumSide` pixels a side and stretched
  /// (bilinear) to the cells: a blur holds no detail finer than that, and a full-screen box
  /// costs no more than a small one.
  ///
  /// - Complexity: O(`columns` · `rows`), plus the decoding, which is bounded.
  static func make(
    _ placeholder: PicturePlaceholder, columns: Int, rows: Int, colors: CellColorMode,
    halfBlocks: Bool
  ) -> SymbolPicture {
    let columns = max(0, columns)
    let rows = max(0, rows)
    guard columns > 0, rows > 0 else { return SymbolPicture(columns: 0, rows: 0, cells: []) }
    switch placeholder {
    case .color(let red, let green, let blue):
      let color = cellColor(red, green, blue, colors)
      let cell = SymbolCell(scalar: " ", foreground: color, background: color)
      return SymbolPicture(
        columns: columns, rows: rows, cells: Array(repeating: cell, count: columns * rows))
    case .blur(let hash):
      let blur = Blur(hash, width: columns, height: 2 * rows)
      var cells: [SymbolCell] = []
      cells.reserveCapacity(columns * rows)
      for row in 0..<rows {
        for column in 0..<columns {
          let top = blur.pixel(x: column, y: 2 * row)
          let bottom = blur.pixel(x: column, y: 2 * row + 1)
          if halfBlocks {
            cells.append(
              SymbolCell(
                scalar: "▀", foreground: cellColor(top.0, top.1, top.2, colors),
                background: cellColor(bottom.0, bottom.1, bottom.2, colors)))
          } else {
            let mean = { (a: UInt8, b: UInt8) in UInt8((Int(a) + Int(b) + 1) / 2) }
            let color = cellColor(
              mean(top.0, bottom.0), mean(top.1, bottom.1), mean(top.2, bottom.2), colors)
            cells.append(SymbolCell(scalar: " ", foreground: color, background: color))
          }
        }
      }
      return SymbolPicture(columns: columns, rows: rows, cells: cells)
    }
  }

  /// A colour as a picture's cell carries it in `mode`.
  static func cellColor(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ mode: CellColorMode)
    -> CellColor
  {
    switch mode {
    case .direct: .rgb(UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    case .palette256: .palette(UInt8(Color.rgb(red, green, blue).paletteIndex))
    case .palette16: .palette(UInt8(Color.rgb(red, green, blue).sixteenIndex))
    }
  }

  /// A blur decoded small, read at any pixel of a `width` × `height` picture.
  private struct Blur {
    let samples: [UInt8]
    let sampleWidth: Int
    let sampleHeight: Int
    let width: Int
    let height: Int

    init(_ hash: BlurHash, width: Int, height: Int) {
      sampleWidth = min(width, BlurHash.maximumSide)
      sampleHeight = min(height, BlurHash.maximumSide)
      samples = hash.pixels(width: sampleWidth, height: sampleHeight)
      self.width = width
      self.height = height
    }

    /// The colour at pixel (`x`, `y`): between the samples around the point the reference
    /// decoder would sample for it (`x / width` across, `y / height` down).
    func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
      let (x0, x1, tx) = Self.between(x, of: width, samples: sampleWidth)
      let (y0, y1, ty) = Self.between(y, of: height, samples: sampleHeight)
      func channel(_ c: Int) -> UInt8 {
        func at(_ sx: Int, _ sy: Int) -> Double { Double(samples[3 * (sy * sampleWidth + sx) + c]) }
        let upper = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * tx
        let lower = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * tx
        return UInt8(max(0, min(255, (upper + (lower - upper) * ty).rounded())))
      }
      return (channel(0), channel(1), channel(2))
    }

    /// The two samples position `p` of `count` falls between, and how far it is from the first.
    private static func between(_ p: Int, of count: Int, samples: Int) -> (Int, Int, Double) {
      let exact = Double(p) * Double(samples) / Double(count)
      let first = min(samples - 1, Int(exact))
      return (first, min(samples - 1, first + 1), exact - Double(first))
    }
  }
}
