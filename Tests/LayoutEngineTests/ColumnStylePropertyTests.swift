import LayoutEngine
import TestSupport
import Testing

/// Reading order, tie tolerance, full-width rows and the irregular waterfall, checked against the
/// plain reference of `ReferenceLayout` and against the layout contract's invariants.
@Suite struct ColumnStylePropertyTests {
  static let seeds: [UInt64] = Array(1000..<1300)

  struct Case {
    var configuration: LayoutConfiguration
    var items: [LayoutItem]
    var layout: WaterfallLayout
    var rng: SplitMix64
  }

  func makeCase(_ seed: UInt64) throws -> Case {
    var rng = SplitMix64(seed: seed)
    let configuration = RandomLayouts.styledConfiguration(using: &rng)
    let items = RandomLayouts.mixedItems(count: Int.random(in: 0...90, using: &rng), using: &rng)
    let layout = try #require(RandomLayouts.prepared(configuration, items), "seed \(seed)")
    return Case(configuration: configuration, items: items, layout: layout, rng: rng)
  }

  @Test func framesEqualTheReferenceRules() throws {
    for seed in Self.seeds {
      let c = try makeCase(seed)
      let expected = ReferenceLayout.layout(c.configuration, c.items)
      #expect(ReferenceLayout.placed(c.layout) == expected, "seed \(seed): \(c.configuration)")
    }
  }

  @Test func noTwoFramesOverlap() throws {
    for seed in Self.seeds {
      let c = try makeCase(seed)
      let frames = ReferenceLayout.placed(c.layout).map(\.frame)
      for i in frames.indices {
        for j in frames.indices where j > i {
          let a = frames[i]
          let b = frames[j]
          let e = 1e-9 * max(1, abs(a.maxX), abs(a.maxY), abs(b.maxX), abs(b.maxY))
          let overlap =
            a.minX + e < b.maxX && b.minX + e < a.maxX && a.minY + e < b.maxY
            && b.minY + e < a.maxY
          #expect(!overlap, "seed \(seed): items \(i) and \(j) overlap")
        }
      }
    }
  }

  @Test func rectQueryEqualsBruteForce() throws {
    for seed in Self.seeds {
      var c = try makeCase(seed)
      let frames = ReferenceLayout.placed(c.layout).map(\.frame)
      for _ in 0..<20 {
        let rect = RandomLayouts.rect(in: c.layout.contentSize, using: &c.rng)
        let expected = frames.indices.filter { frames[$0].overlaps(rect) }
        #expect(c.layout.indices(in: rect) == expected, "seed \(seed): rect \(rect)")
      }
    }
  }

  @Test func appendEqualsFullLayout() throws {
    for seed in Self.seeds {
      var c = try makeCase(seed)
      var paged = try #require(RandomLayouts.prepared(c.configuration, [LayoutItem]()))
      for page in RandomLayouts.pages(count: c.items.count, sizes: 1...15, using: &c.rng) {
        paged.append(contentsOf: c.items[page])
      }
      #expect(ReferenceLayout.placed(paged) == ReferenceLayout.placed(c.layout), "seed \(seed)")
      #expect(paged.contentSize == c.layout.contentSize, "seed \(seed)")
    }
  }

  @Test func enlargementsFollowTheIrregularRules() throws {
    var enlarged = 0
    for seed in Self.seeds {
      let c = try makeCase(seed)
      guard c.configuration.enlargement != nil else { continue }
      let all = ReferenceLayout.placed(c.layout)
      var previousWasEnlarged = false
      var lastEnlargedColumn: Int?
      for (i, p) in all.enumerated() where p.span != c.configuration.columnCount || p.span == 1 {
        guard case .picture = c.items[i] else { continue }
        let isEnlarged = p.span == 2
        if isEnlarged {
          enlarged += 1
          #expect(!previousWasEnlarged, "seed \(seed): two enlarged items in a row at \(i)")
          #expect(p.column != c.configuration.columnCount - 1, "seed \(seed): last column")
          #expect(p.column != lastEnlargedColumn, "seed \(seed): same column twice at \(i)")
          lastEnlargedColumn = p.column
        }
        previousWasEnlarged = isEnlarged
      }
    }
    #expect(enlarged > 50, "the random cases should enlarge often enough to test the rules")
  }

  @Test func readingOrderPutsItemKInColumnKModC() throws {
    let sizes = (0..<20).map { ItemSize(width: 100, height: Double(50 + $0 * 17 % 90)) }
    for order in [ColumnOrder.leftToRight, .rightToLeft] {
      var layout = WaterfallLayout(
        configuration: LayoutConfiguration(columnCount: 3, containerWidth: 30, order: order),
        items: sizes)
      try layout.prepare()
      let columns = (0..<20).compactMap { layout.attributes(at: $0)?.column }
      let expected = (0..<20).map { order == .leftToRight ? $0 % 3 : 2 - $0 % 3 }
      #expect(columns == expected)
    }
  }

  @Test func tieToleranceLetsTheLeftmostNearTieWin() throws {
    // Column 0 ends 0.5 lower than column 1 would make it the exact winner only on a tie;
    // with a tolerance of 1 the leftmost near-tie, column 0, wins over a slightly shorter 1.
    let items = [ItemSize(width: 10, height: 10.5), ItemSize(width: 10, height: 10)]
    var exact = WaterfallLayout(
      configuration: LayoutConfiguration(columnCount: 2, containerWidth: 20), items: items)
    try exact.prepare()
    exact.append(contentsOf: [ItemSize(width: 10, height: 10)])
    #expect(exact.attributes(at: 2)?.column == 1)
    var tolerant = WaterfallLayout(
      configuration: LayoutConfiguration(columnCount: 2, containerWidth: 20, tieTolerance: 1),
      items: items)
    try tolerant.prepare()
    tolerant.append(contentsOf: [ItemSize(width: 10, height: 10)])
    #expect(tolerant.attributes(at: 2)?.column == 0)
  }

  @Test func columnsThatOverflowToInfinityFollowTheReferenceRules() throws {
    // Three columns fill three of the four SIMD lanes, the fourth padded with +infinity; once
    // every column's bottom is +infinity too, the leftmost column, not the padding, wins.
    let huge = LayoutItem.picture(ItemSize(width: 1, height: 1e308))
    let normal = LayoutItem.picture(ItemSize(width: 10, height: 12))
    let items = [normal, normal, normal, huge, normal, normal, huge, normal, huge, normal, normal]
    let configuration = LayoutConfiguration(
      columnCount: 3, rowSpacing: 2, containerWidth: 30, tieTolerance: 2)
    let layout = try #require(RandomLayouts.prepared(configuration, items))
    #expect(ReferenceLayout.placed(layout) == ReferenceLayout.layout(configuration, items))
    #expect(layout.attributes(at: 9)?.column == 0)
    #expect(layout.attributes(at: 10)?.column == 0)
  }

  @Test func fullWidthRowSitsBelowEverythingAndSpansAllColumns() throws {
    var layout = WaterfallLayout(
      configuration: LayoutConfiguration(columnCount: 3, rowSpacing: 1, containerWidth: 30))
    layout.setItems([
      .fullWidth(height: 1), .picture(ItemSize(width: 1, height: 2)),
      .picture(ItemSize(width: 1, height: 1)), .fullWidth(height: 1),
      .picture(ItemSize(width: 1, height: 1)),
    ])
    try layout.prepare()
    #expect(layout.frame(of: 0) == Rect(x: 0, y: 0, width: 30, height: 1))
    #expect(layout.attributes(at: 0)?.span == 3)
    #expect(layout.frame(of: 1) == Rect(x: 0, y: 2, width: 10, height: 20))
    // Below the taller picture (2 + 20) plus the row spacing.
    #expect(layout.frame(of: 3) == Rect(x: 0, y: 23, width: 30, height: 1))
    #expect(layout.frame(of: 4) == Rect(x: 0, y: 25, width: 10, height: 10))
  }

  @Test func theSameSeedGivesTheSameIrregularLayout() throws {
    var rng = SplitMix64(seed: 9)
    let items = RandomLayouts.items(count: 200, using: &rng).map(LayoutItem.picture)
    let c = LayoutConfiguration(
      columnCount: 4, columnSpacing: 1, containerWidth: 100, enlargement: Enlargement())
    let a = try #require(RandomLayouts.prepared(c, items))
    let b = try #require(RandomLayouts.prepared(c, items))
    #expect(ReferenceLayout.placed(a) == ReferenceLayout.placed(b))
    var other = c
    other.enlargement = Enlargement(seed: 12345)
    let d = try #require(RandomLayouts.prepared(other, items))
    #expect(ReferenceLayout.placed(a) != ReferenceLayout.placed(d))
    #expect(ReferenceLayout.placed(a).contains { $0.span == 2 })
  }

  @Test func columnCountFittingAWidth() {
    let fit = LayoutConfiguration.columnCount(
      fitting: 20, containerWidth: 100, columnSpacing: 1, insets: EdgeInsets(all: 1))
    #expect(fit == 4)  // 4·20 + 3·1 + 2 = 85 fits; 5·20 + 4 + 2 = 106 does not
    #expect(
      LayoutConfiguration.columnCount(
        fitting: 500, containerWidth: 100, columnSpacing: 1, insets: .zero) == 1)
    #expect(
      LayoutConfiguration.columnCount(
        fitting: 0, containerWidth: .nan, columnSpacing: 0, insets: .zero) == 1)
  }
}
