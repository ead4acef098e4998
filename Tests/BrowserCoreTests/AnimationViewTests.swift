import PictureCells
import Testing

@testable import BrowserCore

/// Moving pictures: the frame a box shows is a function of the state's clock, the canvas is
/// told when the next one is due, `a` pauses them, and a still one says it moves.
@Suite struct AnimationViewTests {
  /// A canvas that notes when the next frame is due.
  struct ClockCanvas: Canvas {
    var cells: MemoryCanvas
    var next: Int?
    var size: CanvasSize { cells.size }
    mutating func clear() { cells.clear() }
    mutating func put(
      _ cluster: Substring, width: Int, row: Int, column: Int, style: CellAppearance
    ) {
      cells.put(cluster, width: width, row: row, column: column, style: style)
    }
    mutating func putPictureRow(_ picture: ArraySlice<SymbolCell>, row: Int, column: Int) {
      cells.putPictureRow(picture, row: row, column: column)
    }
    mutating func noteAnimation(nextFrameIn milliseconds: Int) {
      next = min(next ?? milliseconds, milliseconds)
    }
  }

  /// Two frames of one letter each, 100 ms and 300 ms.
  static func animation(columns: Int, rows: Int) -> SymbolPicture {
    func frame(_ scalar: Unicode.Scalar) -> [SymbolCell] {
      Array(
        repeating: SymbolCell(scalar: scalar, foreground: .palette(1), background: .palette(0)),
        count: columns * rows)
    }
    return .animated(
      CellAnimation(frames: [frame("A"), frame("B")], delays: [100, 300], loops: 0),
      columns: columns, rows: rows)
  }

  static func draw(_ state: BrowserState, _ cache: PictureCache) -> ClockCanvas {
    var canvas = ClockCanvas(
      cells: MemoryCanvas(columns: state.screen.columns, rows: state.screen.rows))
    BrowserView(theme: Theme(), pictureColors: .direct)
      .draw(state, pictures: cache.drawn(for: state), into: &canvas)
    return canvas
  }

  static func count(_ letter: String, in canvas: ClockCanvas) -> Int {
    canvas.cells.cells.filter { $0.text == letter }.count
  }

  @Test func aMovingPictureShowsTheFrameOfTheClockAndSaysWhenTheNextIsDue() throws {
    var (state, first) = PlaceholderViewTests.started(Fixtures.items(6))
    let key = try #require(first)
    let cache = PictureCache()
    cache.insert(Self.animation(columns: key.columns, rows: key.rows), for: key)
    _ = state.update(.pictureLoaded(key, failure: nil))
    let area = key.columns * key.rows

    let start = Self.draw(state, cache)
    #expect(Self.count("A", in: start) == area && Self.count("B", in: start) == 0)
    #expect(start.next == 100)

    _ = state.update(.animationTick(milliseconds: 130))
    let later = Self.draw(state, cache)
    #expect(Self.count("B", in: later) == area)
    #expect(later.next == 270)

    // Paused: the clock stands, the first frame shows, the caption's mark says it moves, and
    // no timer is asked.
    _ = state.update(.action(.toggleAnimations))
    #expect(state.message == "moving pictures paused")
    _ = state.update(.animationTick(milliseconds: 1000))
    #expect(state.animationClock == 130)
    let paused = Self.draw(state, cache)
    #expect(paused.next == nil)
    #expect(Self.count("▶", in: paused) == 1 && Self.count("A", in: paused) == area)

    _ = state.update(.action(.toggleAnimations))
    #expect(state.message == "moving pictures playing")
    #expect(Self.count("▶", in: Self.draw(state, cache)) == 0)
    _ = state.update(.animationTick(milliseconds: 300))
    #expect(Self.count("A", in: Self.draw(state, cache)) == area, "430 ms: the loop again")
  }

  /// Nothing moving in view: no timer, so an idle browser does nothing.
  @Test func stillPicturesAskForNoTimer() throws {
    var (state, first) = PlaceholderViewTests.started(Fixtures.items(6))
    let key = try #require(first)
    let cache = PictureCache()
    let still = SymbolCell(scalar: "S", foreground: .palette(1), background: .palette(0))
    cache.insert(
      SymbolPicture(
        columns: key.columns, rows: key.rows,
        cells: Array(repeating: still, count: key.columns * key.rows)), for: key)
    _ = state.update(.pictureLoaded(key, failure: nil))
    #expect(Self.draw(state, cache).next == nil)
  }

  /// With moving pictures off (`--no-animation`), `a` says how to turn them on.
  @Test func withAnimationsOffTheKeySaysHowToTurnThemOn() {
    var options = BrowserOptions(columns: 3)
    options.animations = false
    var state = BrowserState(options: options, screen: CanvasSize(columns: 60, rows: 20))
    _ = state.update(.action(.toggleAnimations))
    #expect(state.message.contains("--no-animation"))
    #expect(!state.animationsPlaying)
  }
}
