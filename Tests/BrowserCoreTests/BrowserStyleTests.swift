import LayoutEngine
import Testing

@testable import BrowserCore

/// The layout styles in the state machine: cycling, navigation in each, and the anchor kept
/// across a switch.
@Suite struct BrowserStyleTests {
  @Test func nextStyleCyclesThroughEveryStyle() {
    var state = Fixtures.state(Fixtures.items(40))
    var seen: [LayoutStyle] = [state.style]
    for _ in 0..<4 {
      _ = state.handle(.nextStyle)
      seen.append(state.style)
    }
    #expect(seen == [.waterfall, .irregular, .carousel, .ring, .waterfall])
    #expect(state.message == "waterfall style")
  }

  @Test func optionsChooseTheStartingStyle() {
    let state = Fixtures.state(
      Fixtures.items(10), options: BrowserOptions(style: .ring, pictures: false))
    #expect(state.style == .ring)
    #expect(state.selection == 0)
  }

  @Test func irregularEnlargesSomePicturesAcrossTwoColumns() throws {
    let state = Fixtures.state(
      Fixtures.items(200), options: BrowserOptions(columns: 4, style: .irregular, pictures: false))
    let layout = try #require(state.layout)
    let spans = (0..<layout.itemCount).compactMap { layout.attributes(at: $0)?.span }
    #expect(spans.contains(2))
    #expect(!spans.contains { $0 > 2 })
  }

  @Test func irregularWithProbabilityZeroEnlargesNothing() throws {
    let state = Fixtures.state(
      Fixtures.items(200),
      options: BrowserOptions(columns: 4, style: .irregular, enlargeProbability: 0, pictures: false)
    )
    let layout = try #require(state.layout)
    #expect((0..<layout.itemCount).allSatisfy { layout.attributes(at: $0)?.span == 1 })
  }

  @Test func rightFromAnEnlargedPictureSkipsItsSecondColumn() throws {
    var state = Fixtures.state(
      Fixtures.items(200), options: BrowserOptions(columns: 4, style: .irregular, pictures: false))
    let layout = try #require(state.layout)
    let wide = try #require(
      (0..<40).first {
        layout.attributes(at: $0)?.span == 2 && layout.attributes(at: $0)?.column ?? 3 < 2
      })
    let column = try #require(layout.attributes(at: wide)?.column)
    _ = state.handle(.select(.next))
    for _ in 0..<wide { _ = state.handle(.select(.next)) }
    #expect(state.selection == wide)
    _ = state.handle(.select(.right))
    let right = try #require(state.selection)
    #expect(layout.attributes(at: right)?.column == column + 2)
  }

  @Test func carouselSelectsTheCentredBoxAndStepsSideways() throws {
    var state = Fixtures.state(
      Fixtures.items(20), options: BrowserOptions(style: .carousel, pictures: false))
    #expect(state.selection == 0)
    let first = try #require(state.cellRect(of: 0))
    #expect(abs(first.column + first.width / 2 - 40) <= 1)
    _ = state.handle(.select(.right))
    _ = state.handle(.select(.right))
    #expect(state.selection == 2)
    let centred = try #require(state.cellRect(of: 2))
    #expect(abs(centred.column + centred.width / 2 - 40) <= 1)
    // Boxes shrink away from the centre.
    let beside = try #require(state.cellRect(of: 3))
    #expect(beside.width < centred.width && beside.height < centred.height)
    _ = state.handle(.select(.left))
    #expect(state.selection == 1)
    _ = state.handle(.scroll(1))
    #expect(state.selection == 2)
    _ = state.handle(.bottom)
    #expect(state.selection == 19)
    #expect(state.percent == 100)
    _ = state.handle(.select(.right))
    #expect(state.selection == 19)
    #expect(state.top == 0)
  }

  @Test func carouselBoxesLookSquare() throws {
    let state = Fixtures.state(
      Fixtures.items(5), options: BrowserOptions(style: .carousel, pictures: false))
    let rect = try #require(state.cellRect(of: 0))
    #expect(rect.width == rect.height * 2)
  }

  @Test func carouselWheelSlidesThenSnapsTheNearestBoxToTheCentre() throws {
    var state = Fixtures.state(
      Fixtures.items(20), options: BrowserOptions(style: .carousel, pictures: false))
    _ = state.handle(.wheel(3))
    _ = state.handle(.wheel(3))
    _ = state.handle(.wheel(3))
    #expect(state.isSliding)
    let during = try #require(state.selection)
    let sliding = try #require(state.cellRect(of: during))
    _ = state.settle()
    #expect(!state.isSliding)
    let selected = try #require(state.selection)
    #expect(selected >= 1)
    let rect = try #require(state.cellRect(of: selected))
    #expect(abs(rect.column + rect.width / 2 - 40) <= 1)
    #expect(rect != sliding)
  }

  @Test func ringShowsAtMostADozenWithTheSelectedOne() throws {
    var state = Fixtures.state(
      Fixtures.items(100), options: BrowserOptions(style: .ring, pictures: false))
    #expect(state.visibleIndices().count == RingArrangement.maximumShown)
    #expect(state.visibleIndices().contains(0))
    #expect(state.visibleIndices().contains(99))
    _ = state.handle(.select(.left))
    #expect(state.selection == 99)
    for _ in 0..<11 { _ = state.handle(.select(.right)) }
    #expect(state.selection == 10)
    #expect(state.visibleIndices().contains(10))
    #expect(!state.visibleIndices().contains(99))
  }

  @Test func ringKeepsTheSelectedBoxAtTheTopAsItTurns() throws {
    var state = Fixtures.state(
      Fixtures.items(30), options: BrowserOptions(style: .ring, pictures: false))
    let top = try #require(state.cellRect(of: 0))
    _ = state.handle(.select(.right))
    #expect(state.cellRect(of: 1) == top)
    let next = try #require(state.cellRect(of: 2))
    #expect(next.column > top.column)
  }

  @Test(arguments: [1, 2, 5, 12, 40])
  func ringBoxesStayInsideTheViewWithoutOverlapping(count: Int) throws {
    let state = Fixtures.state(
      Fixtures.items(count), options: BrowserOptions(style: .ring, pictures: false))
    let rects = try state.visibleIndices().map { try #require(state.cellRect(of: $0)) }
    #expect(rects.count == min(count, 12))
    for (k, a) in rects.enumerated() {
      #expect(a.column >= 0 && a.right <= 80 && a.row >= 0 && a.bottom <= state.viewRows)
      for b in rects[(k + 1)...] {
        #expect(
          a.right <= b.column || b.right <= a.column || a.bottom <= b.row || b.bottom <= a.row)
      }
    }
  }

  @Test func ringLooksRoundForTheCellAspect() throws {
    let state = Fixtures.state(
      Fixtures.items(12), options: BrowserOptions(style: .ring, pictures: false))
    let rects = try (0..<12).map { try #require(state.cellRect(of: $0)) }
    let xs = rects.map { Double($0.column) + Double($0.width) / 2 }
    let ys = rects.map { Double($0.row) + Double($0.height) / 2 }
    let across = (xs.max() ?? 0) - (xs.min() ?? 0)
    let down = (ys.max() ?? 0) - (ys.min() ?? 0)
    #expect(abs(across / down - 2) < 0.3, "\(across) columns across, \(down) rows down")
  }

  @Test(arguments: [LayoutStyle.irregular, .carousel, .ring])
  func switchingStyleKeepsTheSelectedItem(style: LayoutStyle) throws {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    for _ in 0..<3 { _ = state.handle(.page(1)) }
    _ = state.handle(.select(.next))
    for _ in 0..<4 { _ = state.handle(.select(.next)) }
    let selected = try #require(state.selection)
    state.switchStyle(to: style)
    #expect(state.selection == selected)
    #expect(state.visibleIndices().contains(selected))
    state.switchStyle(to: .waterfall)
    #expect(state.selection == selected)
    #expect(state.visibleIndices().contains(selected))
  }

  @Test func switchingStyleWithoutASelectionCentresTheTopItem() throws {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    for _ in 0..<3 { _ = state.handle(.page(1)) }
    let visible = state.visibleIndices()
    state.switchStyle(to: .carousel)
    let selected = try #require(state.selection)
    #expect(visible.contains(selected))
  }

  @Test func columnWidthFollowsTheTerminalWidth() {
    var state = Fixtures.state(
      Fixtures.items(40), options: BrowserOptions(columnWidth: 20, pictures: false),
      size: CanvasSize(columns: 80, rows: 24))
    #expect(state.columnCount == 3)
    _ = state.resize(to: CanvasSize(columns: 130, rows: 24))
    #expect(state.columnCount == 6)
    _ = state.resize(to: CanvasSize(columns: 15, rows: 24))
    #expect(state.columnCount == 1)
  }

  @Test func readingOrderPutsItemsInColumnsInTurn() throws {
    let state = Fixtures.state(
      Fixtures.items(12), options: BrowserOptions(columns: 3, order: .rightToLeft, pictures: false))
    let layout = try #require(state.layout)
    #expect((0..<6).map { layout.attributes(at: $0)?.column } == [2, 1, 0, 2, 1, 0])
  }

  @Test(arguments: LayoutStyle.allCases)
  func resizeStormKeepsEveryStyleInRange(style: LayoutStyle) {
    var state = Fixtures.state(
      Fixtures.items(300), options: BrowserOptions(style: style, pictures: false))
    _ = state.handle(.bottom)
    for step in 0..<120 {
      let size = CanvasSize(columns: 1 + (step * 37) % 180, rows: 1 + (step * 13) % 70)
      _ = state.resize(to: size)
      #expect(state.top >= 0 && state.top <= state.maxTop)
      if style != .waterfall && style != .irregular { #expect(state.selection == 299) }
      _ = render(state)
    }
  }

  @Test(arguments: LayoutStyle.allCases)
  func anEmptyFeedIsQuietInEveryStyle(style: LayoutStyle) {
    var state = Fixtures.state([], options: BrowserOptions(style: style, pictures: false))
    for action in [Action.scroll(1), .wheel(3), .select(.right), .top, .bottom, .remove, .undo] {
      _ = state.handle(action)
    }
    _ = state.settle()
    #expect(state.selection == nil)
    #expect(state.visibleBoxes().isEmpty)
    #expect(render(state).text.contains("no items in this feed"))
  }

  @Test func theTieToleranceIsOneRowUnlessGiven() {
    let byDefault = Fixtures.state(
      Fixtures.items(4), options: BrowserOptions(cellAspect: 2.5, pictures: false))
    #expect(byDefault.layout?.configuration.tieTolerance == 2.5)
    let exact = Fixtures.state(
      Fixtures.items(4), options: BrowserOptions(tieTolerance: 0, pictures: false))
    #expect(exact.layout?.configuration.tieTolerance == 0)
  }
}
