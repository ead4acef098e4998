import FeedModel
import PictureCells
import Testing

@testable import BrowserCore

/// What a box shows before its picture arrives, when the feed gave a colour or a blur.
@Suite struct PlaceholderViewTests {
  static let blurHash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
  static let colour = PicturePlaceholder.color(red: 0xC0, green: 0xD8, blue: 0xD8)

  static func items(_ count: Int, placeholder: PicturePlaceholder?) -> [FeedItem] {
    Fixtures.items(count).map { item in
      var item = item
      item.placeholder = placeholder
      return item
    }
  }

  static func started(_ items: [FeedItem], columns: Int = 3) -> (BrowserState, PictureKey?) {
    var state = BrowserState(
      options: BrowserOptions(columns: columns), screen: CanvasSize(columns: 60, rows: 20))
    let effects = state.update(
      .started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    return (state, PictureRequestTests.loads(effects).first)
  }

  static func draw(
    _ state: BrowserState, theme: Theme = Theme(), pictures: PictureCache = PictureCache(),
    colors: CellColorMode? = .direct
  ) -> MemoryCanvas {
    var canvas = MemoryCanvas(columns: state.screen.columns, rows: state.screen.rows)
    BrowserView(theme: theme, pictureColors: colors)
      .draw(state, pictures: pictures.drawn(for: state), into: &canvas)
    return canvas
  }

  /// The cells whose background is `color`.
  static func cells(of canvas: MemoryCanvas, background color: Color) -> Int {
    canvas.cells.filter { $0.background == color }.count
  }

  /// The screen as text with every cell that has a background colour shown as a letter, one
  /// letter per colour in order of appearance: what a snapshot of placeholders can hold.
  static func backgrounds(_ canvas: MemoryCanvas) -> String {
    var letters: [Color: Character] = [:]
    var lines: [String] = []
    for row in 0..<canvas.size.rows {
      var line = ""
      for column in 0..<canvas.size.columns {
        let cell = canvas[row, column]
        guard cell.width != 0 else { continue }
        if cell.background == .default {
          line += cell.text
        } else {
          let next = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(letters.count % 26)))
          line.append(letters[cell.background, default: next])
          letters[cell.background] = letters[cell.background, default: next]
        }
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  @Test func aColourFillsThePictureAreaUntilThePictureArrives() throws {
    var (state, first) = Self.started(Self.items(6, placeholder: Self.colour))
    let key = try #require(first)
    let cache = PictureCache()
    let before = Self.draw(state, pictures: cache)
    assertSnapshot(Self.backgrounds(before), named: "placeholderColours")
    let background = Color.rgb(0xC0, 0xD8, 0xD8)
    #expect(before.text.contains("item 1"), "the caption stays")
    #expect(Self.cells(of: before, background: background) >= key.columns * key.rows)

    cache.insert(PictureViewTests.picture(key, color: 0xFF8000), for: key)
    _ = state.update(.pictureLoaded(key, failure: nil))
    let after = Self.draw(state, pictures: cache)
    let pictureCells = after.cells.filter { $0.foreground == .rgb(0xFF, 0x80, 0) }.count
    #expect(pictureCells == key.columns * key.rows)
    // The other boxes still wait for theirs: only item 1's placeholder is gone.
    #expect(
      Self.cells(of: after, background: background)
        == Self.cells(of: before, background: background) - key.columns * key.rows)
  }

  @Test func aBlurIsDrawnAsHalfBlocksInTheBlursColours() throws {
    let blur = try #require(PicturePlaceholder(blurHash: Self.blurHash))
    let (state, first) = Self.started(Self.items(1, placeholder: blur))
    let key = try #require(first)
    let canvas = Self.draw(state)
    let blurred = canvas.cells.filter { $0.text == "▀" && $0.background != .default }
    #expect(blurred.count == key.columns * key.rows)
    let colours = Set(blurred.flatMap { [$0.foreground, $0.background] })
    #expect(colours.count > 10, "a blur, not a flat colour")
    // The blur's average is its first component, 0x979695: the cells' mean is near it.
    var sums = [0, 0, 0]
    for cell in blurred {
      for color in [cell.foreground, cell.background] {
        guard case .rgb(let r, let g, let b) = color else {
          Issue.record("not a 24-bit colour: \(color)")
          continue
        }
        sums[0] += Int(r)
        sums[1] += Int(g)
        sums[2] += Int(b)
      }
    }
    let means = sums.map { $0 / (2 * blurred.count) }
    for (mean, expected) in zip(means, [0x97, 0x96, 0x95]) {
      #expect(abs(mean - expected) < 16, "mean \(means)")
    }
  }

  @Test func aFailedPictureKeepsItsPlaceholderUnderTheMarker() throws {
    var (state, first) = Self.started(Self.items(3, placeholder: Self.colour))
    let key = try #require(first)
    _ = state.update(.pictureLoaded(key, failure: "truncated PNG"))
    let canvas = Self.draw(state)
    #expect(canvas.text.contains("no picture"))
    let row = try #require((0..<canvas.size.rows).first { canvas.line($0).contains("no picture") })
    let line = Array(canvas.line(row))
    let start = try #require(
      (0..<line.count).first { String(line[$0..<min(line.count, $0 + 10)]) == "no picture" })
    #expect(canvas[row, start - 1].background == .rgb(0xC0, 0xD8, 0xD8), "beside the marker")
    #expect(canvas[row, start].background == .default, "the marker stands out")
  }

  @Test func withoutColourOrPicturesTheBoxesStayPlain() {
    var (state, _) = Self.started(Self.items(6, placeholder: Self.colour))
    let noColour = Self.draw(state, theme: Theme(colors: .none), colors: nil)
    #expect(noColour.cells.allSatisfy { $0.background == .default })
    _ = state.update(.action(.togglePictures))
    let off = Self.draw(state)
    #expect(off.cells.allSatisfy { $0.background == .default })
    #expect(off.text.contains("600×600"), "the boxes show their texts instead")
  }

  @Test func anUnsizedBoxStillSaysItsSizeIsUnknown() {
    let items = [FeedItem.unsized(imageURL: "https://example.com/a.jpg", placeholder: Self.colour)]
    let (state, _) = Self.started(items, columns: 1)
    let canvas = Self.draw(state)
    #expect(canvas.text.contains("?×?"))
    #expect(canvas.cells.allSatisfy { $0.background == .default })
  }

  @Test func theViewsDefaultColoursFollowTheTheme() throws {
    let (state, _) = Self.started(Self.items(3, placeholder: Self.colour))
    let palette = BrowserView(theme: Theme(colors: .palette))
    #expect(palette.pictureColors == .palette256)
    #expect(BrowserView(theme: Theme(colors: .basic)).pictureColors == .palette16)
    #expect(BrowserView(theme: Theme(colors: .none)).pictureColors == nil)
    let canvas = Self.draw(state, colors: .palette256)
    let backgrounds = Set(canvas.cells.map(\.background)).subtracting([.default])
    #expect(backgrounds == [.palette(UInt8(Color.rgb(0xC0, 0xD8, 0xD8).paletteIndex))])
  }
}

/// Pictures the terminal draws over the frame (sixel, iTerm2) show only wholly in view; partly
/// in view, the placeholder stands in for them.
@Suite struct PixelPicturePlaceholderTests {
  /// A canvas that notes the pictures placed over it.
  struct OverlayCanvas: Canvas {
    var cells: MemoryCanvas
    var placed: [(overlay: UInt32, area: CellRect, skipped: Int)] = []

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
    mutating func placeOverlay(
      _ overlay: UInt32, in area: CellRect, skippingRows: Int, frame: Int
    ) {
      placed.append((overlay, area, skippingRows))
    }
  }

  static func draw(_ state: BrowserState, _ pictures: PictureCache) -> OverlayCanvas {
    var canvas = OverlayCanvas(
      cells: MemoryCanvas(columns: state.screen.columns, rows: state.screen.rows))
    BrowserView(theme: Theme(), pictureColors: .direct)
      .draw(state, pictures: pictures.drawn(for: state), into: &canvas)
    return canvas
  }

  @Test(arguments: [PlaceholderViewTests.colour, nil])
  func aPixelPicturePartlyInViewShowsTheRowsInView(placeholder: PicturePlaceholder?) throws {
    var (state, first) = PlaceholderViewTests.started(
      PlaceholderViewTests.items(6, placeholder: placeholder))
    let key = try #require(first)
    let cache = PictureCache()
    cache.insert(.overlay(7, columns: key.columns, rows: key.rows), for: key)
    _ = state.update(.pictureLoaded(key, failure: nil))

    let whole = Self.draw(state, cache)
    #expect(whole.placed.map(\.overlay) == [7], "wholly in view, the terminal draws it")
    let area = try #require(whole.placed.first).area
    /// The cells of the picture's area (moved up by `scrolled` rows) on the placeholder's colour.
    func placeholderCells(_ canvas: OverlayCanvas, scrolled: Int) -> Int {
      var count = 0
      for row in (area.row - scrolled)..<(area.bottom - scrolled) where row >= 0 {
        for column in area.column..<area.right
        where canvas.cells[row, column].background == .rgb(0xC0, 0xD8, 0xD8) {
          count += 1
        }
      }
      return count
    }
    #expect(placeholderCells(whole, scrolled: 0) == 0)

    // Scrolled so that the picture's top row is above the view.
    state.top = area.row + 1
    let partly = Self.draw(state, cache)
    // Its rows still in view are drawn, the first one cut: no placeholder stands in.
    let cut = try #require(partly.placed.first)
    #expect(partly.placed.count == 1 && cut.overlay == 7 && cut.skipped == 1)
    #expect(
      cut.area
        == CellRect(row: 0, column: area.column, width: area.width, height: area.height - 1))
    #expect(placeholderCells(partly, scrolled: area.row + 1) == 0)
  }
}
