import FeedModel
import PictureCells
import Testing

@testable import BrowserCore

/// A frame is a function of the state and the drawn pictures handed to the view: the view
/// reads no cache behind the caller's back.
@Suite struct DrawnPicturesTests {
  static func started(_ items: [FeedItem], columns: Int = 3) -> BrowserState {
    var state = BrowserState(
      options: BrowserOptions(columns: columns), screen: CanvasSize(columns: 80, rows: 24))
    _ = state.update(.started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    return state
  }

  static func orange(_ canvas: MemoryCanvas) -> Int {
    var count = 0
    for row in 0..<canvas.size.rows {
      for column in 0..<canvas.size.columns
      where canvas[row, column].style.foreground == .rgb(0xFF, 0x80, 0) {
        count += 1
      }
    }
    return count
  }

  /// The keys a frame draws are those of the boxes on screen, each once, in the order the
  /// view meets them, and none for a picture kept back as sensitive.
  @Test func theKeysAFrameDrawsAreTheBoxesOnScreen() {
    let items = (0..<40).map { i in
      FeedItem(
        imageURL: "https://example.com/\(i).jpg", width: 400, height: 300, title: "item \(i)",
        sensitive: i == 1)
    }
    let state = Self.started(items)
    let drawn = state.picturesDrawn
    let onScreen = state.visibleBoxes().compactMap { box -> PictureKey? in
      guard case .item(let i) = box.content, i != 1 else { return nil }
      return state.pictureKey(forItem: i, in: box.rect)
    }
    #expect(!drawn.isEmpty)
    #expect(drawn == onScreen)
    #expect(Set(drawn).count == drawn.count)
    #expect(!drawn.contains { $0.url.hasSuffix("/1.jpg") }, "a sensitive picture is not drawn")
    #expect(drawn.count < items.count, "boxes below the screen are not drawn")
  }

  /// Full screen, the frame draws the picture shown at the full screen's size.
  @Test func fullScreenTheFrameDrawsThePictureShown() throws {
    var state = Self.started(Fixtures.items(12))
    state.select(4)
    _ = state.update(.action(.details))
    let key = try #require(state.fullScreenPictureKey(forItem: 4))
    #expect(state.picturesDrawn.last == key)
    #expect(key.fullScreen)
  }

  /// Pictures off, a frame draws none.
  @Test func picturesOffDrawNone() {
    var state = Self.started(Fixtures.items(12))
    _ = state.update(.action(.togglePictures))
    #expect(state.picturesDrawn.isEmpty)
  }

  /// The view draws what it is handed, not what a cache holds: a picture cached after the
  /// frame's pictures were taken is not in that frame, and is in the next.
  @Test func theViewDrawsWhatItIsHanded() throws {
    var state = Self.started(Fixtures.items(12))
    let key = try #require(state.picturesDrawn.first)
    let cache = PictureCache()
    let before = cache.drawn(for: state)
    cache.insert(PictureViewTests.picture(key, color: 0xFF8000), for: key)
    _ = state.update(.pictureLoaded(key, failure: nil))
    let view = BrowserView(theme: Theme())
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    view.draw(state, pictures: before, into: &canvas)
    #expect(Self.orange(canvas) == 0, "the frame drew a picture it was not handed")
    view.draw(state, pictures: cache.drawn(for: state), into: &canvas)
    #expect(Self.orange(canvas) == key.columns * key.rows)
  }

  /// Taking a frame's pictures marks them used: the cache, over its budget, lets go of a
  /// picture no frame drew rather than one on screen.
  @Test func aFramesPicturesAreTheLastTheCacheLetsGo() throws {
    let state = Self.started(Fixtures.items(12))
    let key = try #require(state.picturesDrawn.first)
    let elsewhere = PictureKey(url: "https://example.com/elsewhere.jpg", columns: 4, rows: 2)
    let latest = PictureKey(url: "https://example.com/latest.jpg", columns: 4, rows: 2)
    let picture = PictureViewTests.picture(key, color: 0xFF8000)
    let small = PictureViewTests.picture(elsewhere, color: 0x00FF00)
    let bytes = { (p: SymbolPicture) in p.cells.count * MemoryLayout<SymbolCell>.stride + 64 }
    // Room for the picture and one small one, not two.
    let cache = PictureCache(budget: bytes(picture) + bytes(small) + bytes(small) / 2)
    cache.insert(picture, for: key)
    cache.insert(small, for: elsewhere)
    #expect(cache.drawn(for: state)[key] != nil)
    cache.insert(small, for: latest)
    #expect(cache.picture(for: key) != nil, "the picture on screen was let go")
    #expect(cache.picture(for: elsewhere) == nil)
    #expect(cache.count == 2)
  }
}
