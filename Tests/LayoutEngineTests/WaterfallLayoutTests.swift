import LayoutEngine
import Testing

/// Worked examples in the shape of the classic iOS waterfall demos: 3 columns, column margin 15,
/// row margin 10, insets 10 on a 375-point-wide view.
@Suite struct WaterfallLayoutTests {
  let classic = LayoutConfiguration(
    columnCount: 3, columnSpacing: 15, rowSpacing: 10, insets: EdgeInsets(all: 10),
    containerWidth: 375)
  /// `(375 − 10 − 10 − 2·15) / 3`.
  let w = (375.0 - 10 - 10 - 2 * 15) / 3

  func prepared(_ sizes: [(Double, Double)], _ configuration: LayoutConfiguration? = nil) throws
    -> WaterfallLayout
  {
    var layout = WaterfallLayout(
      configuration: configuration ?? classic,
      items: sizes.map { ItemSize(width: $0.0, height: $0.1) })
    try layout.prepare()
    return layout
  }

  @Test func classicThreeColumnExampleByHand() throws {
    let layout = try prepared([(100, 150), (100, 100), (100, 200), (200, 100), (50, 50)])
    let pitch = w + 15
    // 0 → column 0 at the top; 1 → column 1 (tie between 1 and 2 goes to the lower index);
    // 2 → column 2; 3 → column 1, the shortest; 4 → column 0, now shorter than column 2.
    let expected = [
      Rect(x: 10, y: 10, width: w, height: w * 1.5),
      Rect(x: 10 + pitch, y: 10, width: w, height: w),
      Rect(x: 10 + 2 * pitch, y: 10, width: w, height: w * 2),
      Rect(x: 10 + pitch, y: 10 + w + 10, width: w, height: w * 0.5),
      Rect(x: 10, y: 10 + w * 1.5 + 10, width: w, height: w),
    ]
    for (i, frame) in expected.enumerated() {
      #expect(layout.frame(of: i) == frame, "item \(i)")
    }
    #expect(layout.attributes(at: 3)?.column == 1)
    #expect(layout.attributes(at: 4)?.column == 0)
    let bottom = max(10 + w * 1.5 + 10 + w, 10 + w + 10 + w * 0.5, 10 + w * 2)
    #expect(layout.contentSize == Size(width: 375, height: bottom + 10))
  }

  @Test func sampleWidthIsTheContractFormula() throws {
    let layout = try prepared([(1200, 2249)])
    let frame = try #require(layout.frame(of: 0))
    #expect(frame.width == w)
    #expect(frame.height == w * (2249.0 / 1200.0))
  }

  @Test func emptyFeedContentIsTopPlusBottom() throws {
    var configuration = classic
    configuration.insets = EdgeInsets(top: 7, left: 1, bottom: 5, right: 1)
    let layout = try prepared([], configuration)
    #expect(layout.contentSize == Size(width: 375, height: 12))
    #expect(layout.attributes(in: Rect(x: 0, y: 0, width: 375, height: 100)).isEmpty)
    #expect(layout.item(nearest: Point(x: 1, y: 1)) == nil)
  }

  @Test func tiesGoToTheLowestColumn() throws {
    let layout = try prepared(Array(repeating: (10, 10), count: 7))
    #expect((0..<7).compactMap { layout.attributes(at: $0)?.column } == [0, 1, 2, 0, 1, 2, 0])
  }

  @Test func firstItemInAColumnSitsAtTopLaterOnesOneRowSpacingBelow() throws {
    let layout = try prepared([(10, 10), (10, 10), (10, 10), (10, 10)])
    #expect(layout.frame(of: 0)?.y == 10)
    #expect(layout.frame(of: 2)?.y == 10)
    #expect(layout.frame(of: 3)?.y == 10 + w + 10)
  }

  @Test func rectQueryUsesOpenIntervals() throws {
    let layout = try prepared([(10, 10)])
    let frame = try #require(layout.frame(of: 0))
    let touchingBelow = Rect(x: 0, y: frame.maxY, width: 375, height: 50)
    let touchingRight = Rect(x: frame.maxX, y: 0, width: 50, height: 500)
    #expect(layout.indices(in: touchingBelow).isEmpty)
    #expect(layout.indices(in: touchingRight).isEmpty)
    let reachingIn = Rect(x: 0, y: frame.maxY - 0.001, width: 375, height: 50)
    #expect(layout.indices(in: reachingIn) == [0])
  }

  @Test func rectQueryIsInItemOrder() throws {
    let layout = try prepared((0..<30).map { _ in (10, 13) })
    let all = layout.attributes(in: Rect(x: 0, y: 0, width: 375, height: 10_000))
    #expect(all.map(\.index) == Array(0..<30))
  }

  @Test func settingTheSameValueKeepsTheLayoutPrepared() throws {
    var layout = try prepared([(10, 20), (20, 10)])
    layout.columnCount = 3
    layout.columnSpacing = 15
    layout.rowSpacing = 10
    layout.insets = EdgeInsets(all: 10)
    layout.containerWidth = 375
    layout.configuration = classic
    #expect(layout.isPrepared)
  }

  @Test(
    arguments: [
      { (l: inout WaterfallLayout) in l.columnCount = 4 },
      { (l: inout WaterfallLayout) in l.columnSpacing = 1 },
      { (l: inout WaterfallLayout) in l.rowSpacing = 1 },
      { (l: inout WaterfallLayout) in l.insets.top = 0 },
      { (l: inout WaterfallLayout) in l.insets.right = 0 },
      { (l: inout WaterfallLayout) in l.containerWidth = 320 },
    ] as [@Sendable (inout WaterfallLayout) -> Void])
  func changingAValueInvalidates(change: @Sendable (inout WaterfallLayout) -> Void) throws {
    var layout = try prepared([(10, 20), (20, 10)])
    change(&layout)
    #expect(!layout.isPrepared)
    #expect(layout.frame(of: 0) == nil)
    try layout.prepare()
    #expect(layout.isPrepared)
    #expect(layout.frame(of: 1) != nil)
  }

  @Test func invalidConfigurationIsAnErrorAndTheLayoutRecovers() throws {
    var layout = WaterfallLayout(configuration: classic, items: [ItemSize(width: 1, height: 1)])
    layout.columnCount = 0
    #expect(throws: LayoutError.columnCount(0)) { try layout.prepare() }
    #expect(!layout.isPrepared)
    #expect(layout.attributes(at: 0) == nil)
    layout.columnCount = 2
    try layout.prepare()
    let width: Double = (375 - 20 - 15) / 2
    #expect(layout.frame(of: 0)?.width == width)
  }

  @Test func appendToAPreparedLayoutPlacesOnlyTheNewItems() throws {
    var layout = try prepared([(10, 20), (20, 10)])
    let before = layout.frame(of: 1)
    layout.append(contentsOf: [ItemSize(width: 10, height: 10)])
    #expect(layout.isPrepared)
    #expect(layout.itemCount == 3)
    #expect(layout.frame(of: 1) == before)
    #expect(layout.frame(of: 2) == Rect(x: 10 + 2 * (w + 15), y: 10, width: w, height: w))
  }

  /// Room made before a page comes in parts changes nothing of where items go, and a guess too
  /// small or too large is only a guess.
  @Test(arguments: [0, 5, 200])
  func reservingThenAppendingInPartsPlacesAsAWholeLayout(reserved: Int) throws {
    var sizes: [(Double, Double)] = []
    for i in 0..<60 { sizes.append((Double(10 + i % 7), Double(10 + (i * 13) % 29))) }
    let whole = try prepared(sizes)
    var parts = try prepared(Array(sizes[0..<5]))
    parts.reserveCapacity(reserved)
    for start in stride(from: 5, to: sizes.count, by: 11) {
      let part = sizes[start..<min(start + 11, sizes.count)]
      parts.append(contentsOf: part.map { ItemSize(width: $0.0, height: $0.1) })
    }
    #expect(parts.itemCount == whole.itemCount)
    for i in 0..<sizes.count { #expect(parts.frame(of: i) == whole.frame(of: i), "item \(i)") }
    let view = Rect(x: 0, y: 100, width: 375, height: 300)
    let shown: [Int] = parts.indices(in: view)
    #expect(!shown.isEmpty)
    #expect(shown == whole.indices(in: view))
  }

  @Test func appendToAnInvalidLayoutWaitsForPrepare() throws {
    var layout = WaterfallLayout(configuration: classic)
    layout.append(contentsOf: [ItemSize(width: 10, height: 10)])
    #expect(layout.frame(of: 0) == nil)
    try layout.prepare()
    #expect(layout.frame(of: 0) == Rect(x: 10, y: 10, width: w, height: w))
  }

  @Test func unusableSizesCountAsSquare() throws {
    let layout = try prepared([(0, 10), (10, .nan), (-5, 5), (.infinity, 3)])
    for i in 0..<4 {
      #expect(layout.frame(of: i)?.height == w, "item \(i)")
    }
  }

  @Test func nearestItemPrefersContainingFrame() throws {
    let layout = try prepared([(100, 150), (100, 100), (100, 200), (200, 100)])
    let frame3 = try #require(layout.frame(of: 3))
    #expect(layout.item(nearest: Point(x: frame3.minX + 1, y: frame3.minY + 1)) == 3)
    #expect(layout.item(nearest: Point(x: -100, y: -100)) == 0)
    #expect(layout.item(nearest: Point(x: 1_000, y: 5_000)) == 2)
  }

  /// Found by the layout fuzzer: two rows of height 0 at the same place tie, and the lower
  /// index must win; the index used to look only at the last entry above the point.
  @Test func nearestItemAmongZeroHeightRowsIsTheLowerIndex() throws {
    var layout = WaterfallLayout(
      configuration: LayoutConfiguration(
        columnCount: 5, insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 1),
        containerWidth: 100))
    layout.setItems([LayoutItem.fullWidth(height: 0), .fullWidth(height: 0)])
    try layout.prepare()
    #expect(layout.item(nearest: Point(x: 150, y: 50)) == 0)
  }

  @Test func nearestItemTiesWithAZeroHeightRowBelowGoToThePicture() throws {
    var layout = WaterfallLayout(
      configuration: LayoutConfiguration(columnCount: 1, containerWidth: 100))
    layout.setItems([LayoutItem.picture(ItemSize(width: 1, height: 1)), .fullWidth(height: 0)])
    try layout.prepare()
    #expect(layout.frame(of: 1) == Rect(x: 0, y: 100, width: 100, height: 0))
    #expect(layout.item(nearest: Point(x: 50, y: 150)) == 0)
  }
}

/// A box around each picture: the picture fills the box's width less the decoration's, and the
/// box is the picture's height plus the decoration's.
@Suite struct DecoratedLayoutTests {
  @Test func aBoxIsItsPictureAtTheInnerWidthPlusTheDecoration() throws {
    var configuration = LayoutConfiguration(columnCount: 2, containerWidth: 24)
    configuration.decoration = Decoration(width: 2, height: 6)
    var layout = WaterfallLayout(
      configuration: configuration,
      items: [ItemSize(width: 400, height: 200), ItemSize(width: 100, height: 300)])
    try layout.prepare()
    let wide = try #require(layout.attributes(at: 0)).frame
    let tall = try #require(layout.attributes(at: 1)).frame
    // Columns of 12: pictures 10 wide, so 5 and 30 tall, boxes 6 taller.
    #expect(wide.width == 12 && wide.height == 11)
    #expect(tall.width == 12 && tall.height == 36)
    #expect(Decoration.none.boxHeight(width: 12, ratio: 0.5) == 6)
  }

  @Test func aNegativeDecorationIsRefused() {
    var configuration = LayoutConfiguration(columnCount: 2, containerWidth: 24)
    configuration.decoration = Decoration(width: -1, height: 0)
    #expect(throws: LayoutError.self) { try configuration.validate() }
  }
}
