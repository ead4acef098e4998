import LayoutEngine
import TestSupport
import Testing

/// The rect index's two kinds (items in top order, per-column stacks) and the switch between
/// them, through the layout's queries, against brute force.
@Suite struct RectIndexTests {
  func frames(_ layout: WaterfallLayout) -> [Rect] {
    (0..<layout.itemCount).compactMap { layout.frame(of: $0) }
  }

  func expectQueriesMatchBruteForce(
    _ layout: WaterfallLayout, _ comment: String, using rng: inout SplitMix64
  ) {
    let all = frames(layout)
    for _ in 0..<200 {
      let rect = RandomLayouts.rect(in: layout.contentSize, using: &rng)
      let expected = all.indices.filter { all[$0].overlaps(rect) }
      #expect(layout.indices(in: rect) == expected, "\(comment): rect \(rect)")
    }
    for _ in 0..<50 {
      let point = Point(
        x: Double.random(in: -100...(layout.contentSize.width + 100), using: &rng),
        y: Double.random(in: -100...(layout.contentSize.height + 100), using: &rng))
      #expect(layout.item(nearest: point) == bruteNearest(all, point), "\(comment): \(point)")
    }
  }

  func bruteNearest(_ all: [Rect], _ point: Point) -> Int? {
    guard let best = all.map({ $0.distance(to: point) }).min() else { return nil }
    return all.firstIndex { $0.distance(to: point) == best }
  }

  @Test func everyItemsTopBandFindsExactlyWhatItCrosses() throws {
    // Bands at every item's top, at and just off block boundaries of the top-order index.
    var rng = SplitMix64(seed: 11)
    let items = RandomLayouts.mixedItems(count: 400, using: &rng)
    let c = LayoutConfiguration(
      columnCount: 5, columnSpacing: 2, rowSpacing: 1, insets: EdgeInsets(all: 3),
      containerWidth: 300)
    let layout = try #require(RandomLayouts.prepared(c, items))
    let all = frames(layout)
    for frame in all {
      for dy in [-0.5, 0, 0.5] {
        let band = Rect(x: 0, y: frame.minY + dy, width: 300, height: 0.25)
        let expected = all.indices.filter { all[$0].overlaps(band) }
        #expect(layout.indices(in: band) == expected, "band at \(band.minY)")
      }
    }
  }

  @Test func anAppendThatBreaksTopOrderKeepsAnswersRight() throws {
    // Reading order keeps tops in order while every item is the same size; a page of mixed
    // sizes then puts a later item above an earlier one, and the index must change kind.
    var rng = SplitMix64(seed: 12)
    let c = LayoutConfiguration(
      columnCount: 4, columnSpacing: 1, rowSpacing: 1, insets: EdgeInsets(all: 1),
      containerWidth: 120, order: .leftToRight)
    let square = ItemSize(width: 1, height: 1)
    var layout = try #require(RandomLayouts.prepared(c, Array(repeating: square, count: 100)))
    expectQueriesMatchBruteForce(layout, "squares only", using: &rng)
    layout.append(contentsOf: RandomLayouts.items(count: 300, using: &rng))
    expectQueriesMatchBruteForce(layout, "after the mixed page", using: &rng)
    layout.append(contentsOf: Array(repeating: square, count: 40))
    expectQueriesMatchBruteForce(layout, "after one more page", using: &rng)
  }

  @Test func nearestAnswersForPointsFarOutside() throws {
    var rng = SplitMix64(seed: 13)
    let c = LayoutConfiguration(
      columnCount: 3, columnSpacing: 1, rowSpacing: 1, insets: EdgeInsets(all: 1),
      containerWidth: 90)
    let layout = try #require(
      RandomLayouts.prepared(c, RandomLayouts.items(count: 500, using: &rng)))
    let all = frames(layout)
    let points = [
      Point(x: 1e9, y: 1e9), Point(x: -1e15, y: 5), Point(x: 45, y: 1e300),
      Point(x: 45, y: -1e300), Point(x: .infinity, y: 10), Point(x: 0.5, y: 0.5),
    ]
    for point in points {
      #expect(layout.item(nearest: point) == bruteNearest(all, point), "\(point)")
    }
    let nan = Point(x: .nan, y: 3)
    #expect(layout.item(nearest: nan).map { all.indices.contains($0) } ?? true)
  }

  /// Lays `items` out whole and in pages of `pageSize`, expects the same frames both ways, and
  /// `queries` random rect queries of each to match brute force; returns the frames.
  @discardableResult
  func expectWholeAndPagedAgree(
    _ c: LayoutConfiguration, _ items: [LayoutItem], pageSize: Int, queries: Int,
    using rng: inout SplitMix64
  ) throws -> [Rect] {
    let whole = try #require(RandomLayouts.prepared(c, items))
    var paged = try #require(RandomLayouts.prepared(c, [LayoutItem]()))
    for start in stride(from: 0, to: items.count, by: pageSize) {
      paged.append(contentsOf: items[start..<min(items.count, start + pageSize)])
    }
    let all = frames(whole)
    #expect(frames(paged) == all)
    for _ in 0..<queries {
      let rect = RandomLayouts.rect(in: whole.contentSize, using: &rng)
      let expected = all.indices.filter { all[$0].overlaps(rect) }
      #expect(whole.indices(in: rect) == expected, "rect \(rect)")
      #expect(paged.indices(in: rect) == expected, "paged, rect \(rect)")
    }
    return all
  }

  @Test func queriesAcrossThousandsOfItemsMatchBruteForce() throws {
    // Past 1,024 items the top-order index searches three levels; built at once and by pages.
    var rng = SplitMix64(seed: 14)
    let items = RandomLayouts.mixedItems(count: 5_000, using: &rng)
    let c = LayoutConfiguration(
      columnCount: 3, columnSpacing: 1, rowSpacing: 1, insets: EdgeInsets(all: 1),
      containerWidth: 90)
    try expectWholeAndPagedAgree(c, items, pageSize: 97, queries: 300, using: &rng)
  }

  @Test(arguments: [8, 100])
  func waterfallBlocksThatFillAColumnMidwayStayFindable(columns: Int) throws {
    // The waterfall writes its frames a block at a time and stops a block at the item that
    // fills its column's staged slots: with 8 columns (the ranked lanes) a column fills about
    // every 2,000 items, with 100 (the scalar loop) every few hundred, both inside blocks of
    // 1,024; rows break the runs of pictures in between.
    var rng = SplitMix64(seed: 16)
    var items = RandomLayouts.items(count: 20_000, using: &rng).map(LayoutItem.picture)
    for position in [0, 1_023, 1_024, 9_000] { items.insert(.fullWidth(height: 2), at: position) }
    let c = LayoutConfiguration(
      columnCount: columns, columnSpacing: 1, rowSpacing: 2, insets: EdgeInsets(all: 2),
      containerWidth: Double(columns) * 12, tieTolerance: 2)
    let all = try expectWholeAndPagedAgree(c, items, pageSize: 1_531, queries: 100, using: &rng)
    #expect(all == ReferenceLayout.layout(c, items).map(\.frame))
  }

  @Test func manyColumnsFlushTheirStagedItemsMidRunAndStayFindable() throws {
    // With hundreds of columns each column stages fewer items at a time than a summary block
    // holds, so a run flushes columns in the middle of placing and blocks end mid-flush,
    // spanning items included.
    var rng = SplitMix64(seed: 15)
    var items = RandomLayouts.items(count: 30_000, using: &rng).map(LayoutItem.picture)
    for position in [0, 7_000, 13_001] { items.insert(.fullWidth(height: 2), at: position) }
    let c = LayoutConfiguration(
      columnCount: 600, columnSpacing: 0.5, rowSpacing: 1, insets: EdgeInsets(all: 1),
      containerWidth: 1_800, tieTolerance: 3, enlargement: Enlargement(probability: 0.3, seed: 4))
    let all = try expectWholeAndPagedAgree(c, items, pageSize: 4_099, queries: 100, using: &rng)
    #expect(all.contains { $0.width > c.itemWidth * 1.5 })
  }
}
