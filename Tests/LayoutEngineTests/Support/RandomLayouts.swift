import LayoutEngine
import TestSupport

/// Random feeds and configurations for the property tests.
enum RandomLayouts {
  /// Picture sizes like real feeds have: portrait, landscape, square, very tall, panoramas.
  static func items(count: Int, using rng: inout SplitMix64) -> [ItemSize] {
    (0..<count).map { _ in
      let width = Double(Int.random(in: 100...4000, using: &rng))
      let ratios: [Double] = [0.3, 0.5, 0.5625, 0.75, 1, 1, 1.25, 1.5, 1.875, 2.25, 4]
      let ratio = ratios.randomElement(using: &rng) ?? 1
      return ItemSize(width: width, height: (width * ratio).rounded())
    }
  }

  static func configuration(using rng: inout SplitMix64) -> LayoutConfiguration {
    let columns = Int.random(in: 1...8, using: &rng)
    let spacings: [Double] = [0, 1, 2.5, 10, 15]
    let rowSpacings: [Double] = [0, 1, 3, 10]
    let insetValues: [Double] = [0, 1, 7.5, 10]
    let spacing = spacings.randomElement(using: &rng) ?? 0
    let rows = rowSpacings.randomElement(using: &rng) ?? 0
    var edges: [Double] = []
    for _ in 0..<4 { edges.append(insetValues.randomElement(using: &rng) ?? 0) }
    let insets = EdgeInsets(top: edges[0], left: edges[1], bottom: edges[2], right: edges[3])
    let minimum = insets.left + insets.right + Double(columns - 1) * spacing + Double(columns)
    let width = minimum + Double(Int.random(in: 0...600, using: &rng))
    return LayoutConfiguration(
      columnCount: columns, columnSpacing: spacing, rowSpacing: rows, insets: insets,
      containerWidth: width)
  }

  /// A rect somewhere in or around the content, including degenerate and out-of-range ones.
  static func rect(in content: Size, using rng: inout SplitMix64) -> Rect {
    let x = Double.random(in: -20...(content.width + 20), using: &rng)
    let y = Double.random(in: -20...(content.height + 20), using: &rng)
    let widths: [Double] = [0, 1, 5, 50, content.width, content.width * 2]
    let heights: [Double] = [0, 1, 20, 200, content.height]
    let width = widths.randomElement(using: &rng) ?? 0
    let height = heights.randomElement(using: &rng) ?? 0
    return Rect(x: x, y: y, width: width, height: height)
  }

  /// `0..<count` cut into consecutive pages of random sizes from `sizes`, for appending a
  /// feed page by page.
  static func pages(count: Int, sizes: ClosedRange<Int>, using rng: inout SplitMix64)
    -> [Range<Int>]
  {
    var pages: [Range<Int>] = []
    var start = 0
    while start < count {
      let end = min(count, start + Int.random(in: sizes, using: &rng))
      pages.append(start..<end)
      start = end
    }
    return pages
  }

  static func prepared(_ configuration: LayoutConfiguration, _ items: [ItemSize])
    -> WaterfallLayout?
  {
    prepared(configuration, items.map(LayoutItem.picture))
  }
}

extension RandomLayouts {
  /// A configuration with a random order, tie tolerance and (half the time) enlargement.
  static func styledConfiguration(using rng: inout SplitMix64) -> LayoutConfiguration {
    var c = configuration(using: &rng)
    c.order = ColumnOrder.allCases.randomElement(using: &rng) ?? .shortest
    let tolerances: [Double] = [0, 0, 0.5, 5, 40]
    c.tieTolerance = tolerances.randomElement(using: &rng) ?? 0
    // The browser's boxes: a border each side, a border and a caption row above and below.
    if Bool.random(using: &rng) {
      let decorations = [
        Decoration(width: 2, height: 6), Decoration(width: 0, height: 3.5),
        Decoration(width: c.itemWidth * 2, height: 1),
      ]
      c.decoration = decorations.randomElement(using: &rng) ?? .none
    }
    if Bool.random(using: &rng) {
      let probabilities: [Double] = [0, 0.3, 0.67, 1]
      c.enlargement = Enlargement(
        probability: probabilities.randomElement(using: &rng) ?? 0.67, seed: rng.next())
    }
    return c
  }

  /// Pictures with now and then a full-width row (a header or a page separator).
  static func mixedItems(count: Int, using rng: inout SplitMix64) -> [LayoutItem] {
    items(count: count, using: &rng).map { size in
      Int.random(in: 0..<12, using: &rng) == 0
        ? .fullWidth(height: Double(Int.random(in: 0...3, using: &rng)))
        : .picture(size)
    }
  }

  static func prepared(_ configuration: LayoutConfiguration, _ items: [LayoutItem])
    -> WaterfallLayout?
  {
    var layout = WaterfallLayout(configuration: configuration)
    layout.setItems(items)
    do {
      try layout.prepare()
    } catch {
      return nil
    }
    return layout
  }
}
