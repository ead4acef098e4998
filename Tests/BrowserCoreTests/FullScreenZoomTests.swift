import FeedModel
import Testing

@testable import BrowserCore

/// `+` and `-` zoom the full screen into its picture, and the movement keys pan the window;
/// unzoomed, they go to the neighbours as before.
@Suite struct FullScreenZoomTests {
  func fullScreen(at item: Int) -> BrowserState {
    var state = Fixtures.state(Fixtures.items(12), options: BrowserOptions(columns: 3))
    state.select(item)
    // Enter shows the post, Enter again the picture alone.
    _ = state.update(.action(.details))
    _ = state.update(.action(.details))
    return state
  }

  @Test func plusAsksForAWindowOfThePictureInTheSameCells() throws {
    var state = fullScreen(at: 4)
    let whole = try #require(state.fullScreenPictureKey(forItem: 4))
    #expect(whole.crop == nil)
    let effects = state.update(.action(.columns(.more)))
    let zoomed = try #require(state.fullScreenPictureKey(forItem: 4))
    let crop = try #require(zoomed.crop)
    #expect(crop.width == 6_667 && abs(crop.magnification - 1.5) < 0.001)
    #expect((zoomed.columns, zoomed.rows) == (whole.columns, whole.rows))
    #expect(PictureRequestTests.loads(effects).contains(zoomed))
    #expect(state.columnCount == 3, "the columns stay: the key zoomed")
    #expect(state.message.hasPrefix("zoom 1.5×"))
    // The neighbours, asked for ahead, are whole.
    #expect(state.fullScreenPictureKey(forItem: 5)?.crop == nil)
    _ = state.update(.action(.columns(.fewer)))
    #expect(state.fullScreenPictureKey(forItem: 4)?.crop == nil)
  }

  /// Leaving a zoomed picture and opening another from the waterfall shows that one whole: the
  /// zoom was kept and the other picture opened as a window of itself.
  @Test func anotherPictureOpensWhole() throws {
    var state = fullScreen(at: 4)
    _ = state.update(.action(.columns(.more)))
    #expect(state.fullScreenPictureKey(forItem: 4)?.crop != nil)
    _ = state.update(.action(.escape))
    #expect(state.panel == .details(4) && state.showsPost, "back to the post")
    _ = state.update(.action(.escape))
    #expect(state.panel == .none)
    state.select(7)
    _ = state.update(.action(.details))
    _ = state.update(.action(.details))
    #expect(state.panel == .details(7) && !state.showsPost)
    #expect(state.fullScreenPictureKey(forItem: 7)?.crop == nil)
  }

  @Test func zoomedTheMovementKeysPanAndStopAtTheEdge() throws {
    var state = fullScreen(at: 4)
    _ = state.update(.action(.columns(.more)))
    _ = state.update(.action(.columns(.more)))
    let centred = try #require(state.fullScreenPictureKey(forItem: 4)?.crop)
    #expect(centred == PictureCrop(x: 2_500, y: 2_500, width: 5_000, height: 5_000))
    _ = state.update(.action(.select(.right)))
    #expect(state.panel == .details(4), "a pan, not the next item")
    let right = try #require(state.fullScreenPictureKey(forItem: 4)?.crop)
    #expect(right.x > centred.x && right.y == centred.y)
    for _ in 0..<10 { _ = state.update(.action(.select(.right))) }
    #expect(state.fullScreenPictureKey(forItem: 4)?.crop?.x == 5_000, "at the right edge")
    _ = state.update(.action(.scroll(1)))
    #expect(try #require(state.fullScreenPictureKey(forItem: 4)?.crop).y > centred.y)
  }

  @Test func unzoomedTheArrowsGoToTheNeighboursAndANewItemStartsWhole() {
    var state = fullScreen(at: 4)
    _ = state.update(.action(.select(.right)))
    #expect(state.panel == .details(5))
    _ = state.update(.action(.columns(.more)))
    _ = state.update(.action(.select(.next)))
    #expect(state.panel == .details(6))
    #expect(state.fullScreenPictureKey(forItem: 6)?.crop == nil)
  }

  @Test func aCardHasNothingToZoom() {
    let card = TextCardTests.card(1, words: 3)
    var state = Fixtures.state([card], options: BrowserOptions(columns: 1))
    state.select(0)
    _ = state.update(.action(.details))
    _ = state.update(.action(.columns(.more)))
    #expect(state.message.contains("nothing to zoom"))
  }
}
