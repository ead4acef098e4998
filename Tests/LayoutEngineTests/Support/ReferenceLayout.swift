import LayoutEngine
import TestSupport

/// The column layouts' rules written as plainly as the issues state them, item by item, with no
/// index and no fast path: the engine must give exactly these frames.
enum ReferenceLayout {
  struct Placed: Equatable {
    var frame: Rect
    var column: Int
    var span: Int
  }

  /// The frames of a prepared layout in the reference's terms, to compare with `layout`.
  static func placed(_ layout: WaterfallLayout) -> [Placed] {
    (0..<layout.itemCount).compactMap { i in
      layout.attributes(at: i).map { .init(frame: $0.frame, column: $0.column, span: $0.span) }
    }
  }

  static func layout(_ c: LayoutConfiguration, _ items: [LayoutItem]) -> [Placed] {
    let columns = c.columnCount
    let w = c.itemWidth
    var bottoms = Array(repeating: c.insets.top, count: columns)
    var started = Array(repeating: false, count: columns)
    var sinceRow = 0
    var normals = 0
    var lastEnlarged: Int?
    var out: [Placed] = []
    func x(_ column: Int) -> Double { c.insets.left + Double(column) * (w + c.columnSpacing) }
    for (i, item) in items.enumerated() {
      switch item {
      case .fullWidth(let height):
        var y = bottoms[0]
        for k in 0..<columns { y = max(y, started[k] ? bottoms[k] + c.rowSpacing : bottoms[k]) }
        let width = Double(columns) * w + Double(columns - 1) * c.columnSpacing
        out.append(
          Placed(frame: Rect(x: x(0), y: y, width: width, height: height), column: 0, span: columns)
        )
        for k in 0..<columns {
          bottoms[k] = y + height
          started[k] = true
        }
        sinceRow = 0
      case .picture(let size):
        let ratio = size.aspectRatio
        var dest: Int
        switch c.order {
        case .leftToRight: dest = sinceRow % columns
        case .rightToLeft: dest = columns - 1 - sinceRow % columns
        case .shortest:
          let lowest = bottoms.min() ?? 0
          dest = bottoms.firstIndex { $0 <= lowest + c.tieTolerance } ?? 0
        }
        sinceRow += 1
        let y = started[dest] ? bottoms[dest] + c.rowSpacing : bottoms[dest]
        if let e = c.enlargement, dest != columns - 1, normals >= 1,
          bottoms[dest] == bottoms[dest + 1], dest != lastEnlarged,
          draw(seed: e.seed, index: i) < e.probability
        {
          let width = 2 * w + c.columnSpacing
          // The box: its picture as wide as the box less the decoration, and the decoration.
          let height = max(0, width - c.decoration.width) * ratio + c.decoration.height
          out.append(
            Placed(
              frame: Rect(x: x(dest), y: y, width: width, height: height), column: dest,
              span: 2))
          bottoms[dest] = y + height
          bottoms[dest + 1] = y + height
          started[dest] = true
          started[dest + 1] = true
          normals = 0
          lastEnlarged = dest
          continue
        }
        var h = max(0, w - c.decoration.width) * ratio + c.decoration.height
        if c.enlargement != nil {
          if dest + 1 < columns, abs(y + h - bottoms[dest + 1]) < 0.2 * h {
            h = bottoms[dest + 1] - y
          } else if dest >= 1, abs(y + h - bottoms[dest - 1]) < 0.2 * h {
            h = bottoms[dest - 1] - y
          }
          normals += 1
        }
        out.append(
          Placed(frame: Rect(x: x(dest), y: y, width: w, height: h), column: dest, span: 1))
        bottoms[dest] = y + h
        started[dest] = true
      }
    }
    return out
  }

  /// SplitMix64 of seed + index·golden, as a number in [0, 1).
  static func draw(seed: UInt64, index: Int) -> Double {
    var z = seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) * 0x1p-53
  }
}
