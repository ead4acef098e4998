import FeedModel
import Testing

@testable import BrowserCore

/// The order pictures are wanted in: in view, a screen ahead in the reading direction, a
/// screen behind; and a new order at once when the reader moves or jumps.
@Suite struct PictureRankingTests {
  static func ranking(_ effects: [Effect]) -> PictureRanking? {
    effects.lazy.compactMap { if case .rankPictures(let r) = $0 { r } else { nil } }.first
  }

  func started(_ count: Int) -> (BrowserState, [Effect]) {
    var state = BrowserState(
      options: BrowserOptions(columns: 3), screen: CanvasSize(columns: 80, rows: 24))
    let effects = state.update(
      .started(.replaced(Fixtures.items(count), skipped: SkipReport(), hasMore: false), title: nil)
    )
    return (state, effects)
  }

  func keys(_ state: BrowserState, inRows rows: Range<Int>) -> Set<PictureKey> {
    Set(
      state.arrangement.boxes(inRows: rows).compactMap { box -> PictureKey? in
        guard case .item(let i) = box.content else { return nil }
        return state.pictureKey(forItem: i, in: box.rect)
      })
  }

  @Test func theViewIsRankedFirstThenTheScreenBelow() throws {
    let (state, effects) = started(300)
    let ranking = try #require(Self.ranking(effects))
    let view = state.visibleContentRows
    #expect(Set(ranking.visible) == keys(state, inRows: view))
    let below = keys(state, inRows: view.upperBound..<(view.upperBound + state.viewRows))
    #expect(Set(ranking.ahead.prefix(below.count)) == below.subtracting(ranking.visible))
  }

  /// Reading up, the screen above is the one ahead; it was below whichever way the reader went.
  @Test func readingUpRanksTheScreenAboveAhead() throws {
    var (state, _) = started(300)
    _ = state.update(.action(.page(1)))
    _ = state.update(.action(.page(1)))
    let up = state.update(.action(.scroll(-1)))
    let ranking = try #require(Self.ranking(up))
    let view = state.visibleContentRows
    let above = keys(state, inRows: (view.lowerBound - state.viewRows)..<view.lowerBound)
      .subtracting(ranking.visible)
    #expect(!above.isEmpty)
    #expect(Set(ranking.ahead.prefix(above.count)) == above)
  }

  /// `G` ranks the bottom's pictures in view at once, and what was asked for at the top is
  /// cancelled rather than left queued ahead of them.
  @Test func aJumpRanksTheNewViewAtOnce() throws {
    var (state, first) = started(300)
    let before = try #require(Self.ranking(first))
    let jump = state.update(.action(.bottom))
    let after = try #require(Self.ranking(jump))
    #expect(Set(after.visible) == keys(state, inRows: state.visibleContentRows))
    #expect(Set(after.visible).isDisjoint(with: before.visible + before.ahead))
    let cancelled = Set(
      jump.compactMap { if case .cancelPicture(let key) = $0 { key } else { nil } })
    #expect(cancelled == Set(before.visible + before.ahead))
  }

  @Test func anUnchangedViewIsNotRankedAgain() {
    var (state, _) = started(300)
    #expect(Self.ranking(state.update(.idle)) == nil)
  }

  /// Pictures in view still waiting for their sizes are on their way too: the status line
  /// does not say all have come before a box has its shape.
  @Test func picturesWaitingForTheirSizeAreCountedAsOnTheirWay() throws {
    var state = BrowserState(
      options: BrowserOptions(columns: 3), screen: CanvasSize(columns: 80, rows: 24))
    let items = (0..<30).map { FeedItem.unsized(imageURL: "https://example.com/\($0).jpg") }
    let effects = state.update(
      .started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    #expect(Self.ranking(effects) == nil, "nothing to fetch before the sizes")
    let progress = try #require(state.pictureProgress)
    #expect(progress.done == 0 && progress.total == state.visibleBoxes().count)
  }
}
