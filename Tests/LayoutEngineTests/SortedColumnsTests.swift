import TestSupport
import Testing
import LayoutEngine

/// The plain waterfall's branch-free loop (2 to 8 columns) against the plain reference rules,
/// on the feeds that stress it: ties in every round, long runs, runs broken by full-width rows.
@Suite struct SortedColumnsTests {
  static let columnCounts = Array(1...10)

  func configuration(columns: Int) -> LayoutConfiguration {
    LayoutConfiguration(
      columnCount: columns, columnSpacing: 1, rowSpacing: 1, insets: EdgeInsets(all: 1),
      containerWidth: 200)
  }

  func placed(_ layout: WaterfallLayout) -> [ReferenceLayout.Placed] {
    (0..<layout.itemCount).compactMap { i in
      layout.attributes(at: i).map { .init(frame: $0.frame, column: $0.column, span: $0.span) }
    }
  }

  func expectReference(_ items: [LayoutItem], columns: Int, _ comment: String) throws {
    let c = configuration(columns: columns)
    let layout = try #require(RandomLayouts.prepared(c, items))
    let expected = ReferenceLayout.layout(c, items)
    #expect(placed(layout) == expected, "\(comment), \(columns) columns")
    let lowest = expected.map(\.frame.maxY).max() ?? c.insets.top
    #expect(layout.contentSize.height == lowest + c.insets.bottom, "\(comment)")
  }

  @Test(arguments: columnCounts)
  func squaresTieInEveryRound(columns: Int) throws {
    // Equal heights make every column's bottom equal after each round: the leftmost must win.
    let items = Array(repeating: LayoutItem.picture(ItemSize(width: 10, height: 10)), count: 700)
    try expectReference(items, columns: columns, "squares")
  }

  @Test(arguments: columnCounts)
  func twoHeightsMakeTiesAtEveryDepth(columns: Int) throws {
    // A tall item is exactly two short ones plus the gap, so ties come at every list position.
    let w = configuration(columns: columns).itemWidth
    let short = ItemSize(width: w, height: 4)
    let tall = ItemSize(width: w, height: 9)
    var rng = SplitMix64(seed: UInt64(columns))
    let items = (0..<900).map { _ in LayoutItem.picture(Bool.random(using: &rng) ? short : tall) }
    try expectReference(items, columns: columns, "two heights")
  }

  @Test(arguments: columnCounts)
  func randomFeedMatchesTheReference(columns: Int) throws {
    var rng = SplitMix64(seed: 77 + UInt64(columns))
    let items = RandomLayouts.items(count: 3_000, using: &rng).map(LayoutItem.picture)
    try expectReference(items, columns: columns, "random")
  }

  @Test(arguments: columnCounts)
  func rowsBreakTheRunAndItResumes(columns: Int) throws {
    var rng = SplitMix64(seed: 500 + UInt64(columns))
    let items = RandomLayouts.mixedItems(count: 2_000, using: &rng)
    try expectReference(items, columns: columns, "with rows")
  }

  @Test(arguments: columnCounts)
  func columnsThatOverflowToInfinityStillFollowTheRules(columns: Int) throws {
    // A ratio of 1e307 times a column width over 18 is +∞: those columns end at +∞, the rest
    // fill up first, and once all are infinite the ties go left to right like any other.
    var rng = SplitMix64(seed: 1_300 + UInt64(columns))
    let items = (0..<400).map { i in
      LayoutItem.picture(
        i % 37 == 5
          ? ItemSize(width: 1, height: 1e307)
          : ItemSize(width: 100, height: Double.random(in: 50...300, using: &rng)))
    }
    try expectReference(items, columns: columns, "overflowing")
  }

  @Test(arguments: columnCounts)
  func appendAfterTheLoopContinuesExactly(columns: Int) throws {
    var rng = SplitMix64(seed: 900 + UInt64(columns))
    let items = RandomLayouts.mixedItems(count: 1_500, using: &rng)
    let c = configuration(columns: columns)
    var paged = try #require(RandomLayouts.prepared(c, Array(items.prefix(1_000))))
    paged.append(contentsOf: items.dropFirst(1_000))
    let full = try #require(RandomLayouts.prepared(c, items))
    #expect(placed(paged) == placed(full))
    #expect(paged.contentSize == full.contentSize)
  }
}
