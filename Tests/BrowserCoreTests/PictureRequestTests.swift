import FeedModel
import PictureCells
import Testing

@testable import BrowserCore

/// Which pictures the browser asks for, in what order, and which it lets go.
@Suite struct PictureRequestTests {
  static func loads(_ effects: [Effect]) -> [PictureKey] {
    effects.compactMap { if case .loadPicture(let key) = $0 { key } else { nil } }
  }

  static func cancels(_ effects: [Effect]) -> [PictureKey] {
    effects.compactMap { if case .cancelPicture(let key) = $0 { key } else { nil } }
  }

  func started(_ count: Int, size: CanvasSize = CanvasSize(columns: 80, rows: 24)) -> (
    BrowserState, [Effect]
  ) {
    var state = BrowserState(options: BrowserOptions(columns: 3), screen: size)
    let effects = state.update(
      .started(.replaced(Fixtures.items(count), skipped: SkipReport(), hasMore: false), title: nil)
    )
    return (state, effects)
  }

  @Test func theBoxesInViewAreAskedForFirstThenTheirSurroundings() throws {
    let (state, effects) = started(200)
    let keys = Self.loads(effects)
    let inView = state.visibleBoxes().compactMap { box -> PictureKey? in
      guard case .item(let i) = box.content else { return nil }
      return state.pictureKey(forItem: i, in: box.rect)
    }
    #expect(!inView.isEmpty)
    #expect(Array(keys.prefix(inView.count)) == inView)
    #expect(keys.count > inView.count, "the screen below is asked for too")
    #expect(Set(keys).count == keys.count, "nothing twice")
    for key in keys { #expect(state.pictures[key] == .requested) }
  }

  /// A picture the feed marks sensitive is not fetched until `s`: its box shows the
  /// placeholder and says why. `s` again lets it go.
  @Test func sensitivePicturesWaitForTheReader() throws {
    let items = (0..<6).map { i in
      FeedItem(
        imageURL: "https://example.com/\(i).jpg", width: 400, height: 300, title: "item \(i)",
        placeholder: .color(red: 90, green: 90, blue: 90), sensitive: i % 2 == 1)
    }
    var state = BrowserState(
      options: BrowserOptions(columns: 3), screen: CanvasSize(columns: 80, rows: 30))
    let first = state.update(
      .started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    let sensitiveURLs = Set(items.filter(\.isSensitive).map(\.imageURL))
    #expect(!Self.loads(first).isEmpty)
    #expect(Self.loads(first).allSatisfy { !sensitiveURLs.contains($0.url) })
    #expect(state.hidesPicture(ofItem: 1) && !state.hidesPicture(ofItem: 0))
    var canvas = MemoryCanvas(columns: 80, rows: 30)
    BrowserView(theme: Theme(), pictureColors: .palette256).draw(state, into: &canvas)
    #expect(canvas.text.components(separatedBy: "sensitive").count - 1 == 3)

    let shown = state.update(.action(.toggleSensitive))
    #expect(Self.loads(shown).filter { sensitiveURLs.contains($0.url) }.count == 3)
    #expect(state.message == "sensitive pictures shown")
    let hidden = state.update(.action(.toggleSensitive))
    #expect(Self.cancels(hidden).count == 3, "still on their way: cancelled")
  }

  @Test func scrollingFarAwayCancelsWhatIsStillOnItsWay() {
    var (state, first) = started(400)
    let asked = Set(Self.loads(first))
    let effects = state.update(.action(.bottom))
    let cancelled = Set(Self.cancels(effects))
    #expect(!cancelled.isEmpty)
    #expect(cancelled.isSubset(of: asked))
    #expect(!Self.loads(effects).isEmpty, "the pictures at the bottom are asked for")
    for key in cancelled { #expect(state.pictures[key] == nil) }
  }

  @Test func aDrawnPictureIsNotAskedForAgainAndAFailureIsKept() throws {
    var (state, effects) = started(50)
    let keys = Self.loads(effects)
    let first = try #require(keys.first)
    let second = try #require(keys.dropFirst().first)
    #expect(state.update(.pictureLoaded(first, failure: nil)).isEmpty)
    _ = state.update(.pictureLoaded(second, failure: "corrupt JPEG"))
    #expect(state.pictures[first] == .ready)
    #expect(state.pictures[second] == .failed("corrupt JPEG"))
    #expect(
      Self.loads(state.update(.action(.scroll(1)))).allSatisfy { $0 != first && $0 != second })
  }

  @Test func aResultForAPictureNoLongerWantedIsIgnored() {
    var (state, _) = started(10)
    let stray = PictureKey(url: "https://example.com/other.jpg", columns: 3, rows: 3)
    _ = state.update(.pictureLoaded(stray, failure: nil))
    #expect(state.pictures[stray] == nil)
  }

  @Test func turningPicturesOffCancelsAndOnAsksAgain() {
    var (state, first) = started(30)
    let off = state.update(.action(.togglePictures))
    #expect(!state.picturesShown)
    #expect(Set(Self.cancels(off)) == Set(Self.loads(first)))
    #expect(state.pictures.isEmpty)
    let on = state.update(.action(.togglePictures))
    #expect(Set(Self.loads(on)) == Set(Self.loads(first)))
  }

  /// A drawn picture no longer wanted is let go of, so that a terminal holding it can free it;
  /// one still on its way is cancelled instead.
  @Test func turningPicturesOffDropsTheDrawnOnes() {
    var (state, first) = started(30)
    let keys = Self.loads(first)
    let drawn = Set(keys.prefix(3))
    for key in drawn { _ = state.update(.pictureLoaded(key, failure: nil)) }
    let off = state.update(.action(.togglePictures))
    let dropped = off.compactMap { if case .dropPicture(let key) = $0 { key } else { nil } }
    #expect(Set(dropped) == drawn)
    #expect(Set(Self.cancels(off)) == Set(keys).subtracting(drawn))
  }

  /// Once the terminal has lost the pictures sent to it, every one in view is asked for again.
  @Test func lostPicturesAreAskedForAgain() {
    var (state, first) = started(30)
    for key in Self.loads(first) { _ = state.update(.pictureLoaded(key, failure: nil)) }
    #expect(Set(Self.loads(state.update(.picturesLost))) == Set(Self.loads(first)))
  }

  @Test func aRefreshForgetsTheDrawnPicturesAndAsksForThemAgain() throws {
    var (state, first) = started(20)
    for key in Self.loads(first) { _ = state.update(.pictureLoaded(key, failure: nil)) }
    let refresh = state.update(.action(.refresh))
    guard case .load(let request) = try #require(refresh.first) else {
      Issue.record("a refresh loads")
      return
    }
    let effects = state.update(
      .loaded(
        .replaced(Fixtures.items(20), skipped: SkipReport(), hasMore: false), request, title: nil))
    #expect(effects.first == .revalidatePictures)
    #expect(Set(Self.loads(effects)) == Set(Self.loads(first)))
  }

  @Test func noImagesStartsWithout() {
    var state = BrowserState(
      options: BrowserOptions(columns: 3, pictures: false),
      screen: CanvasSize(columns: 80, rows: 24))
    let effects = state.update(
      .started(.replaced(Fixtures.items(30), skipped: SkipReport(), hasMore: false), title: nil))
    #expect(Self.loads(effects).isEmpty)
  }

  @Test func detailsAskForTheFullScreenPictureAndItsNeighbours() throws {
    var (state, _) = started(30)
    _ = state.update(.action(.select(.right)))
    let selected = try #require(state.selection)
    let effects = state.update(.action(.details))
    let keys = Self.loads(effects)
    let full = try #require(state.fullScreenPictureKey(forItem: selected))
    #expect(keys.first == full)
    #expect(full.columns > 20, "full screen is bigger than a box")
    let next = state.update(.action(.select(.right)))
    #expect(state.panel == .details(selected + 1))
    #expect(state.selection == selected + 1)
    #expect(!Self.loads(next).isEmpty || state.pictures[full] != nil)
    _ = state.update(.action(.escape))
    #expect(state.panel == .none)
    #expect(state.selection == selected + 1)
  }

  @Test func aBoxTooSmallForAPictureAsksForNone() {
    let rect = CellRect(row: 0, column: 0, width: 10, height: 3)
    #expect(PictureArea.inside(box: rect) == nil)
    let (state, _) = started(3)
    #expect(state.pictureKey(forItem: 0, in: rect) == nil)
  }

  @Test func theFittedPictureKeepsItsAspectInsideTheArea() throws {
    let area = CellRect(row: 1, column: 1, width: 20, height: 10)
    let wide = try #require(
      PictureArea.fitted(pixelWidth: 2000, pixelHeight: 500, in: area, cellAspect: 2))
    // 20 columns are 20 units wide; a quarter of that is 5 units, 2.5 rows of 2 units.
    #expect(wide.width == 20)
    #expect(wide.height == 3)
    #expect(wide.row == 4, "centred vertically")
    let tall = try #require(
      PictureArea.fitted(pixelWidth: 100, pixelHeight: 1000, in: area, cellAspect: 2))
    #expect(tall.height == 10)
    #expect(tall.width == 2)
    #expect(PictureArea.fitted(pixelWidth: .nan, pixelHeight: 10, in: area, cellAspect: 2) == nil)
  }

  /// A waterfall's box a row off its picture (each edge rounded to a whole row) is filled:
  /// its key is the whole area, which the maker fills with the picture's middle. Fitted, a
  /// 3:2 photo 7.9 rows tall in 25 columns × 7 rows of xterm's 8×17 cells came out 22 columns
  /// wide, a strip of background beside it. Full screen, it is fitted as before; so is a
  /// picture more than a row off.
  @Test func aWaterfallBoxARowOffItsPictureIsFilled() throws {
    let cellAspect = 17.0 / 8
    for rows in [7, 8] {
      let area = CellRect(row: 1, column: 1, width: 25, height: rows)
      let filled = PictureArea.fitted(
        pixelWidth: 1400, pixelHeight: 935, in: area, cellAspect: cellAspect, fills: true)
      #expect(filled == area, "\(rows) rows: \(String(describing: filled))")
    }
    let short = CellRect(row: 1, column: 1, width: 25, height: 7)
    let whole = try #require(
      PictureArea.fitted(pixelWidth: 1400, pixelHeight: 935, in: short, cellAspect: cellAspect))
    #expect(whole.width == 22 && whole.height == 7, "fitted: \(whole)")
    let square = CellRect(row: 1, column: 1, width: 25, height: 12)
    let fitted = try #require(
      PictureArea.fitted(
        pixelWidth: 1400, pixelHeight: 935, in: square, cellAspect: cellAspect, fills: true))
    #expect(fitted.height < 12, "more than a row off: fitted, \(fitted)")
    // A panorama in its one-row box: as without `fills` (the maker keeps it whole).
    let strip = CellRect(row: 1, column: 1, width: 25, height: 1)
    let panorama = PictureArea.fitted(
      pixelWidth: 8000, pixelHeight: 500, in: strip, cellAspect: cellAspect, fills: true)
    #expect(
      panorama
        == PictureArea.fitted(
          pixelWidth: 8000, pixelHeight: 500, in: strip, cellAspect: cellAspect))
  }
}

/// What the view draws of pictures.
@Suite struct PictureViewTests {
  /// A picture of `columns` × `rows` cells, all one colour.
  static func picture(_ key: PictureKey, color: UInt32) -> SymbolPicture {
    SymbolPicture(
      columns: key.columns, rows: key.rows,
      cells: Array(
        repeating: SymbolCell(scalar: "▀", foreground: .rgb(color), background: .rgb(0x000080)),
        count: key.columns * key.rows))
  }

  @Test func aDrawnPictureFillsItsBoxWithItsColoursAndTheCaptionStays() throws {
    var state = BrowserState(
      options: BrowserOptions(columns: 3), screen: CanvasSize(columns: 80, rows: 24))
    let effects = state.update(
      .started(.replaced(Fixtures.items(12), skipped: SkipReport(), hasMore: false), title: nil))
    let key = try #require(PictureRequestTests.loads(effects).first)
    let cache = PictureCache()
    cache.insert(Self.picture(key, color: 0xFF8000), for: key)
    _ = state.update(.pictureLoaded(key, failure: nil))
    let view = BrowserView(theme: Theme())
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    view.draw(state, pictures: cache.drawn(for: state), into: &canvas)
    var painted = 0
    for row in 0..<24 {
      for column in 0..<80 where canvas[row, column].style.foreground == .rgb(0xFF, 0x80, 0) {
        #expect(canvas[row, column].text == "▀")
        #expect(canvas[row, column].style.background == .rgb(0, 0, 0x80))
        painted += 1
      }
    }
    #expect(painted == key.columns * key.rows)
    let text = canvas.text
    #expect(text.contains("item 1"), "the caption row keeps the title")
    #expect(text.contains("#1"))
  }

  @Test func aFailedPictureShowsAMarkerAndTheDetailsSayWhy() throws {
    var state = BrowserState(
      options: BrowserOptions(columns: 2), screen: CanvasSize(columns: 80, rows: 30))
    let effects = state.update(
      .started(.replaced(Fixtures.items(4), skipped: SkipReport(), hasMore: false), title: nil))
    let key = try #require(PictureRequestTests.loads(effects).first)
    _ = state.update(.pictureLoaded(key, failure: "truncated PNG"))
    let view = BrowserView(theme: Theme())
    var canvas = MemoryCanvas(columns: 80, rows: 30)
    view.draw(state, into: &canvas)
    #expect(canvas.text.contains("no picture"))
    _ = state.update(.action(.select(.left)))
    _ = state.update(.action(.details))
    let full = try #require(state.fullScreenPictureKey(forItem: 0))
    _ = state.update(.pictureLoaded(full, failure: "truncated PNG"))
    view.draw(state, into: &canvas)
    #expect(canvas.text.contains("no picture: truncated PNG"))
  }
}

extension PictureRequestTests {
  /// The status line says how far the pictures have come while any is on its way.
  /// The count is of the pictures in view: those fetched around it are not waited for.
  @Test func theStatusLineCountsPicturesOnTheirWay() throws {
    let first = started(60, size: CanvasSize(columns: 120, rows: 24))
    var state = first.0
    let keys = try #require(PictureRankingTests.ranking(first.1)).visible
    #expect(Self.loads(first.1).count > keys.count)
    var canvas = MemoryCanvas(columns: 120, rows: 24)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(canvas.text.contains("pictures 0 of \(keys.count)"), "\(canvas.text)")
    _ = state.update(.pictureLoaded(keys[0], failure: nil))
    _ = state.update(.pictureLoaded(keys[1], failure: "broken"))
    #expect(state.pictureProgress?.done == 2)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(canvas.text.contains("pictures 2 of \(keys.count)"), "\(canvas.text)")
    for key in keys { _ = state.update(.pictureLoaded(key, failure: nil)) }
    #expect(state.pictureProgress == nil)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(!canvas.text.contains("pictures "), "\(canvas.text)")
  }
}

extension PictureRequestTests {
  /// The post says why the item's picture did not come.
  @Test func theDetailsSayWhyThePictureDidNotCome() throws {
    let first = started(12, size: CanvasSize(columns: 100, rows: 30))
    var state = first.0
    let key = try #require(Self.loads(first.1).first { $0.url.hasSuffix("/1.jpg") })
    _ = state.update(.pictureLoaded(key, failure: "the server answered 404"))
    #expect(state.pictureFailure(ofItem: 0) == "the server answered 404")
    #expect(state.pictureFailure(ofItem: 1) == nil)
    state.select(0)
    // The post asks for the picture at its own size; that fails as well.
    _ = state.update(.action(.details))
    let inPost = try #require(state.fullScreenPictureKey(forItem: 0))
    _ = state.update(.pictureLoaded(inPost, failure: "the server answered 404"))
    _ = state.update(.action(.bottom))
    let canvas = render(state)
    #expect(canvas.text.contains("no picture: the server answered 404"), "\(canvas.text)")
  }
}
