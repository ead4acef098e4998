import LayoutEngine
import TestSupport
import Testing

/// The waterfall's ranked columns (2 to 8 columns, in SIMD lanes) on feeds long enough to reach
/// every path of the choice: no tie, one tie further right or further left, several ties, and
/// exact ties, which quantised heights make common. Every frame must equal the plain rule's.
@Suite struct RankedColumnsTests {
  /// Heights that are multiples of 5 in a 10-wide column, so bottoms meet exactly; now and then
  /// a full-width row, after which the columns are ranked again.
  static func tiedItems(count: Int, using rng: inout SplitMix64) -> [LayoutItem] {
    let ratios: [Double] = [0.5, 1, 1.5, 2, 0.5, 1, 0.55, 1.3]
    return (0..<count).map { _ in
      if Int.random(in: 0..<250, using: &rng) == 0 { return .fullWidth(height: 3) }
      let ratio = ratios.randomElement(using: &rng) ?? 1
      return .picture(ItemSize(width: 100, height: 100 * ratio))
    }
  }

  static func configuration(columns: Int, rowSpacing: Double, tolerance: Double)
    -> LayoutConfiguration
  {
    LayoutConfiguration(
      columnCount: columns, columnSpacing: 0, rowSpacing: rowSpacing,
      containerWidth: Double(10 * columns), tieTolerance: tolerance)
  }

  @Test(arguments: Array(1...12))
  func longTiedFeedsFollowTheReferenceRules(columns: Int) throws {
    var rng = SplitMix64(seed: UInt64(columns) * 7919)
    for tolerance in [0, 1, 2.5, 5, 40.0] {
      for rowSpacing in [0, 2.0] {
        let configuration = Self.configuration(
          columns: columns, rowSpacing: rowSpacing, tolerance: tolerance)
        let items = Self.tiedItems(count: 3000, using: &rng)
        let expected = ReferenceLayout.layout(configuration, items)
        let layout = try #require(RandomLayouts.prepared(configuration, items))
        let label = "\(columns) columns, tolerance \(tolerance), row spacing \(rowSpacing)"
        #expect(ReferenceLayout.placed(layout) == expected, "\(label)")

        // The same feed in pages: the ranking is rebuilt at every page and must not drift.
        var paged = try #require(RandomLayouts.prepared(configuration, [LayoutItem]()))
        for page in RandomLayouts.pages(count: items.count, sizes: 1...400, using: &rng) {
          paged.append(contentsOf: items[page])
        }
        #expect(ReferenceLayout.placed(paged) == expected, "\(label), in pages")
      }
    }
  }

  @Test(arguments: Array(2...8))
  func negativeZerosInTheConfigurationChooseAsZeros(columns: Int) throws {
    // The choice compares bottoms as integers, which would rank -0.0 below +0.0, on the
    // grounds that no bottom or limit it compares is -0.0. With a top, a row spacing and a
    // tolerance of -0.0, and pictures so flat that their height is 0, every bottom is a zero
    // and every column ties until a picture with a height comes: each choice must still be
    // the rule's.
    let flat = LayoutItem.picture(ItemSize(width: 1, height: .leastNonzeroMagnitude))
    let normal = LayoutItem.picture(ItemSize(width: 10, height: 12))
    let items =
      [LayoutItem.fullWidth(height: 0)] + Array(repeating: flat, count: 3 * columns)
      + [normal, flat, flat, normal, flat]
    let configuration = LayoutConfiguration(
      columnCount: columns, columnSpacing: 0, rowSpacing: -0.0,
      insets: EdgeInsets(top: -0.0, left: 0, bottom: 0, right: 0),
      containerWidth: 0.4 * Double(columns), tieTolerance: -0.0)
    let layout = try #require(RandomLayouts.prepared(configuration, items))
    let frames = ReferenceLayout.placed(layout)
    #expect(frames == ReferenceLayout.layout(configuration, items))
    #expect(frames.contains { $0.column == 1 })
  }

  @Test(arguments: [2, 5, 7, 8])
  func columnsThatOverflowToInfinityKeepTheirPlaces(columns: Int) throws {
    // Once bottoms are +infinity they tie with the lanes past the last column, which are
    // +infinity too: the ranking must still hold exactly the columns, in the rule's order.
    let huge = LayoutItem.picture(ItemSize(width: 1, height: 1e308))
    let normal = LayoutItem.picture(ItemSize(width: 10, height: 12))
    var items = Array(repeating: normal, count: columns)
    for i in 0..<(4 * columns) { items.append(i % 3 == 0 ? huge : normal) }
    items += Array(repeating: normal, count: 2 * columns)
    let configuration = Self.configuration(columns: columns, rowSpacing: 2, tolerance: 2)
    let layout = try #require(RandomLayouts.prepared(configuration, items))
    let frames = ReferenceLayout.placed(layout)
    #expect(frames == ReferenceLayout.layout(configuration, items))
    // An item at a time: each append ranks the columns again from the bottoms the last one
    // stored, so a column lost from the ranking would keep a stale bottom and win.
    var paged = try #require(RandomLayouts.prepared(configuration, [LayoutItem]()))
    for item in items { paged.append(contentsOf: [item]) }
    #expect(ReferenceLayout.placed(paged) == frames)
  }
}
