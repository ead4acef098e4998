import LayoutEngine
import TestSupport
import Testing

/// The contract checked over random feeds and configurations. Each failure names its seed; rerun
/// one seed by narrowing `seeds`.
@Suite struct WaterfallLayoutPropertyTests {
  static let seeds: [UInt64] = Array(0..<300)

  struct Case {
    var configuration: LayoutConfiguration
    var items: [ItemSize]
    var layout: WaterfallLayout
    var rng: SplitMix64
  }

  func makeCase(_ seed: UInt64) throws -> Case {
    var rng = SplitMix64(seed: seed)
    let configuration = RandomLayouts.configuration(using: &rng)
    let items = RandomLayouts.items(count: Int.random(in: 0...90, using: &rng), using: &rng)
    let layout = try #require(
      RandomLayouts.prepared(configuration, items), "seed \(seed): \(configuration)")
    return Case(configuration: configuration, items: items, layout: layout, rng: rng)
  }

  func frames(_ layout: WaterfallLayout) -> [Rect] {
    (0..<layout.itemCount).compactMap { layout.frame(of: $0) }
  }

  /// Whether two frames share more than rounding error. The contract computes `x` as
  /// `left + column·(w + columnSpacing)`, so with no spacing a column's `maxX` and the next
  /// column's `minX` may differ in the last bit; that is not an overlap a reader could see.
  func overlapBeyondRounding(_ a: Rect, _ b: Rect) -> Bool {
    let e = 1e-9 * max(1, abs(a.maxX), abs(a.maxY), abs(b.maxX), abs(b.maxY))
    return a.minX + e < b.maxX && b.minX + e < a.maxX && a.minY + e < b.maxY
      && b.minY + e < a.maxY
  }

  @Test func noTwoFramesOverlap() throws {
    for seed in Self.seeds {
      let c = try makeCase(seed)
      let all = frames(c.layout)
      #expect(all.count == c.items.count, "seed \(seed)")
      for i in all.indices {
        for j in all.indices where j > i && overlapBeyondRounding(all[i], all[j]) {
          Issue.record("seed \(seed): items \(i) and \(j) overlap: \(all[i]) \(all[j])")
        }
      }
    }
  }

  @Test func everyFrameLiesInsideTheInsets() throws {
    for seed in Self.seeds {
      let c = try makeCase(seed)
      let insets = c.configuration.insets
      let width = c.configuration.containerWidth
      let height = c.layout.contentSize.height
      let slack = 1e-9 * max(1, width, height)
      for (i, f) in frames(c.layout).enumerated() {
        let inside =
          f.minX >= insets.left - slack && f.maxX <= width - insets.right + slack
          && f.minY >= insets.top && f.maxY <= height - insets.bottom + slack
        #expect(inside, "seed \(seed): item \(i) at \(f) outside \(c.configuration)")
      }
    }
  }

  @Test func eachItemSitsInAShortestColumnAtItsTime() throws {
    for seed in Self.seeds {
      let c = try makeCase(seed)
      let top = c.configuration.insets.top
      var bottoms = Array(repeating: top, count: c.configuration.columnCount)
      var started = Array(repeating: false, count: c.configuration.columnCount)
      for i in 0..<c.layout.itemCount {
        let a = try #require(c.layout.attributes(at: i))
        let lowest = bottoms.min() ?? top
        let expectedColumn = bottoms.firstIndex(of: lowest) ?? -1
        #expect(a.column == expectedColumn, "seed \(seed): item \(i)")
        let expectedY = started[a.column] ? lowest + c.configuration.rowSpacing : top
        #expect(a.frame.minY == expectedY, "seed \(seed): item \(i)")
        #expect(a.frame.width == c.configuration.itemWidth, "seed \(seed): item \(i)")
        #expect(
          a.frame.height == c.configuration.itemWidth * c.items[i].aspectRatio,
          "seed \(seed): item \(i)")
        bottoms[a.column] = a.frame.maxY
        started[a.column] = true
      }
      let content = (bottoms.max() ?? top) + c.configuration.insets.bottom
      #expect(c.layout.contentSize.height == content, "seed \(seed)")
    }
  }

  @Test func rectQueryEqualsBruteForce() throws {
    for seed in Self.seeds {
      var c = try makeCase(seed)
      let all = frames(c.layout)
      for _ in 0..<25 {
        let rect = RandomLayouts.rect(in: c.layout.contentSize, using: &c.rng)
        let expected = all.indices.filter { all[$0].overlaps(rect) }
        #expect(c.layout.indices(in: rect) == expected, "seed \(seed): rect \(rect)")
        #expect(c.layout.attributes(in: rect).map(\.frame) == expected.map { all[$0] })
      }
    }
  }

  @Test func appendEqualsFullLayout() throws {
    for seed in Self.seeds {
      var c = try makeCase(seed)
      var paged = try #require(RandomLayouts.prepared(c.configuration, [ItemSize]()))
      for page in RandomLayouts.pages(count: c.items.count, sizes: 1...20, using: &c.rng) {
        paged.append(contentsOf: c.items[page])
      }
      #expect(frames(paged) == frames(c.layout), "seed \(seed)")
      #expect(paged.contentSize == c.layout.contentSize, "seed \(seed)")
      let rect = RandomLayouts.rect(in: c.layout.contentSize, using: &c.rng)
      #expect(paged.indices(in: rect) == c.layout.indices(in: rect), "seed \(seed)")
    }
  }

  @Test func nearestItemEqualsBruteForce() throws {
    for seed in Self.seeds {
      var c = try makeCase(seed)
      let all = frames(c.layout)
      for _ in 0..<10 {
        let content = c.layout.contentSize
        let point = Point(
          x: Double.random(in: -50...(content.width + 50), using: &c.rng),
          y: Double.random(in: -50...(content.height + 50), using: &c.rng))
        let best = all.map { $0.distance(to: point) }.min()
        let expected = best.flatMap { d in all.firstIndex { $0.distance(to: point) == d } }
        #expect(c.layout.item(nearest: point) == expected, "seed \(seed): point \(point)")
      }
    }
  }

  @Test func relayoutAfterAColumnChangeEqualsAFreshLayout() throws {
    for seed in Self.seeds.prefix(100) {
      var c = try makeCase(seed)
      var changed = c.layout
      let columns = Int.random(in: 1...8, using: &c.rng)
      changed.columnCount = columns
      var fresh = c.configuration
      fresh.columnCount = columns
      guard (try? fresh.validate()) != nil else { continue }
      try changed.prepare()
      let expected = try #require(RandomLayouts.prepared(fresh, c.items))
      #expect(frames(changed) == frames(expected), "seed \(seed)")
    }
  }
}
