import LayoutEngine

/// The layout engine's workloads, each against a baseline measured in the same run.
struct EngineWorkloads {
  var quick: Bool
  var runs: Int { quick ? 3 : 5 }

  /// The layout the browser runs on a 200 × 60 screen, as `ColumnStyle.configuration` makes
  /// it: cells about twice as tall as wide, so a row gap of 2 units, 1-cell gaps and margins,
  /// and its default tie tolerance of one row, which keeps near-ties in reading order.
  static func configuration(columns: Int) -> LayoutConfiguration {
    let rowGap = 2.0
    return LayoutConfiguration(
      columnCount: columns, columnSpacing: 1, rowSpacing: rowGap,
      insets: EdgeInsets(top: rowGap, left: 1, bottom: rowGap, right: 1), containerWidth: 200,
      tieTolerance: rowGap)
  }

  /// Lays `sizes` out the way the browser does on loading a feed: the feed's header row, then
  /// the pictures, streamed into the engine through `append(contentsOf:)` from a sequence of
  /// this module (as the browser's is of its own), then `prepare()`.
  static func prepared(_ sizes: [ItemSize], columns: Int) -> WaterfallLayout {
    var layout = WaterfallLayout(configuration: configuration(columns: columns))
    layout.setItems([LayoutItem]())
    layout.append(contentsOf: BrowserItems(sizes: sizes))
    try? layout.prepare()
    return layout
  }

  /// A page as the browser appends it when more of the feed arrives: its `page N` row, then
  /// its pictures, in one array.
  static func page(_ sizes: ArraySlice<ItemSize>) -> [LayoutItem] {
    [.fullWidth(height: 2)] + sizes.map { .picture($0) }
  }

  /// The memory floor: writing n frames (computed from the sizes, no placement) to an array.
  static func floor(_ sizes: [ItemSize], columns: Int) -> [Rect] {
    let w = configuration(columns: columns).itemWidth
    var frames = [Rect]()
    frames.reserveCapacity(sizes.count)
    var y = 0.0
    for size in sizes {
      let h = w * size.aspectRatio
      frames.append(Rect(x: 1, y: y, width: w, height: h))
      y += 0.001
    }
    return frames
  }

  func fullLayout(into report: inout Report) {
    let counts = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
    for n in counts {
      let sizes = SyntheticFeed.sizes(n)
      for columns in [2, 4, 8] {
        let (floorTime, time) = Stopwatch.pairedMedians(runs: runs) {
          Sink.take(Self.floor(sizes, columns: columns).count)
        } work: {
          Sink.take(Self.prepared(sizes, columns: columns).contentSize.height)
        }
        let perItem = time / Double(n) * 1e9
        // Per item at every width; the floor is reported, not a target (within 3× of it at
        // 4 and 8 columns would take code written for one CPU).
        let target = "≤ 10 ns/item"
        report.add(
          Figure(
            "browser layout n=\(n) C=\(columns)", "time per item", perItem, unit: "ns",
            baseline: ("array write", floorTime / Double(n) * 1e9), target: target))
      }
    }
  }

  func rectQuery(into report: inout Report) {
    let n = quick ? 100_000 : 1_000_000
    let sizes = SyntheticFeed.sizes(n)
    let layout = Self.prepared(sizes, columns: 4)
    let frames = (0..<n).compactMap { layout.frame(of: $0) }
    let unions = ChunkedUnionRects(frames: frames, chunk: 20)
    // A 200×60-cell view: 60 rows of cells about twice as tall as wide is 120 layout units.
    let view = Size(width: 200, height: 120)
    var state: UInt64 = 7
    let offsets: [Double] = (0..<1000).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1
      return Double(state >> 11) / Double(1 << 53) * (layout.contentSize.height - view.height)
    }
    let rects = offsets.map { Rect(x: 0, y: $0, width: view.width, height: view.height) }
    let indexTime = Stopwatch.median(runs: runs) {
      for rect in rects { Sink.take(layout.indices(in: rect).count) }
    }
    let perQuery = indexTime / Double(rects.count) * 1e6
    // The linear scan is slow by design: time a slice of the queries and scale.
    let scanRects = Array(rects.prefix(quick ? 20 : 50))
    let scanTime = Stopwatch.median(runs: quick ? 1 : 3) {
      for rect in scanRects {
        var count = 0
        for frame in frames where frame.overlaps(rect) { count += 1 }
        Sink.take(count)
      }
    }
    let unionTime = Stopwatch.median(runs: runs) {
      for rect in rects { Sink.take(unions.indices(in: rect).count) }
    }
    let scanPerQuery = scanTime / Double(scanRects.count) * 1e6
    let unionPerQuery = unionTime / Double(rects.count) * 1e6
    report.add(
      Figure(
        "rect query 200×60 n=\(n)", "time per query", perQuery, unit: "µs",
        baseline: ("linear scan", scanPerQuery), target: "≤ 5 µs; ≥ 1000× faster than scan"))
    report.add(
      Figure(
        "rect query 200×60 n=\(n)", "time per query", perQuery, unit: "µs",
        baseline: ("union rects/20", unionPerQuery), target: "≥ 20× faster than union rects"))
  }

  /// At two feed sizes, so the table shows that a page's cost does not grow with the feed.
  func append(into report: inout Report) {
    for n in quick ? [100_000] : [100_000, 1_000_000] { append(n, into: &report) }
  }

  private func append(_ n: Int, into report: inout Report) {
    let sizes = SyntheticFeed.sizes(n + 100 * 50)
    let base = Array(sizes.prefix(n))
    let pages = (0..<50).map { Self.page(sizes[(n + $0 * 100)..<(n + $0 * 100 + 100)]) }
    var layout = Self.prepared(base, columns: 4)
    // Each run appends the next page; a page costs too little to time alone.
    var page = 0
    let time = Stopwatch.median(runs: 9) {
      layout.append(contentsOf: pages[page % pages.count])
      page += 1
    }
    let full = Stopwatch.median(runs: runs) {
      Sink.take(Self.prepared(Array(sizes.prefix(n + 100)), columns: 4).contentSize.height)
    }
    report.add(
      Figure(
        "append 100 items to n=\(n)", "time per page", time * 1e6, unit: "µs",
        baseline: ("full relayout", full * 1e6), target: "≤ 50 µs, independent of n"))
  }

  func columnChange(into report: inout Report) {
    let n = quick ? 100_000 : 1_000_000
    let sizes = SyntheticFeed.sizes(n)
    let start = Self.prepared(sizes, columns: 4)
    let anchorPoint = Point(x: 100, y: start.contentSize.height / 2)
    let (full, time) = Stopwatch.pairedMedians(runs: runs) {
      Sink.take(Self.prepared(sizes, columns: 5).contentSize.height)
    } work: {
      var layout = start
      let anchor = layout.item(nearest: anchorPoint) ?? 0
      let before = layout.frame(of: anchor)?.minY ?? 0
      layout.columnCount = 5
      try? layout.prepare()
      Sink.take((layout.frame(of: anchor)?.minY ?? 0) - before)
    }
    report.add(
      Figure(
        "columns 4→5 n=\(n), keep anchor", "time", time * 1e3, unit: "ms",
        baseline: ("full layout", full * 1e3), target: "≤ 1.2× full layout"))
  }
}

/// CHTCollectionViewWaterfallLayout's rect query, as a baseline: the union rect of every 20
/// items, tested before the items inside it.
struct ChunkedUnionRects {
  var frames: [Rect]
  var unions: [Rect] = []
  var chunk: Int

  init(frames: [Rect], chunk: Int) {
    self.frames = frames
    self.chunk = chunk
    var start = 0
    while start < frames.count {
      let end = min(frames.count, start + chunk)
      var minX = Double.infinity
      var minY = Double.infinity
      var maxX = -Double.infinity
      var maxY = -Double.infinity
      for f in frames[start..<end] {
        minX = min(minX, f.minX)
        minY = min(minY, f.minY)
        maxX = max(maxX, f.maxX)
        maxY = max(maxY, f.maxY)
      }
      unions.append(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
      start = end
    }
  }

  func indices(in rect: Rect) -> [Int] {
    var out: [Int] = []
    for (c, union) in unions.enumerated() where union.overlaps(rect) {
      for i in (c * chunk)..<min(frames.count, (c + 1) * chunk) where frames[i].overlaps(rect) {
        out.append(i)
      }
    }
    return out
  }
}

/// The browser's pictures as the engine's items, made one at a time: the feed's header row,
/// then one picture per size, as the browser streams its feed into the engine.
struct BrowserItems: Sequence, IteratorProtocol {
  let sizes: [ItemSize]
  /// The next picture; -1 before the header row.
  private var position = -1

  init(sizes: [ItemSize]) { self.sizes = sizes }

  /// Exact, so the engine reserves its storage once.
  var underestimatedCount: Int { sizes.count - position }

  mutating func next() -> LayoutItem? {
    defer { position += 1 }
    if position < 0 { return .fullWidth(height: 2) }
    return position < sizes.count ? .picture(sizes[position]) : nil
  }
}
