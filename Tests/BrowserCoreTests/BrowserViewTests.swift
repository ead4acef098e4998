import FeedModel
import LayoutEngine
import Testing

@testable import BrowserCore

@Suite struct BrowserViewTests {
  @Test func sampleFeedAt100x30() {
    let state = Fixtures.state(Fixtures.sample, size: CanvasSize(columns: 100, rows: 30))
    assertSnapshot(render(state).text, named: "sampleFeedAt100x30")
  }

  @Test func sampleFeedScrolledToTheBottom() {
    var state = Fixtures.state(Fixtures.sample, size: CanvasSize(columns: 100, rows: 30))
    _ = state.handle(.bottom)
    assertSnapshot(render(state).text, named: "sampleFeedScrolledToTheBottom")
  }

  @Test(arguments: [1, 2, 6])
  func columnCounts(columns: Int) {
    var state = Fixtures.state(Fixtures.items(30), size: CanvasSize(columns: 80, rows: 24))
    _ = state.handle(.columns(.exactly(columns)))
    assertSnapshot(render(state).text, named: "columns\(columns)At80x24")
  }

  @Test func tinyTerminal() {
    let state = Fixtures.state(Fixtures.sample, size: CanvasSize(columns: 20, rows: 5))
    assertSnapshot(render(state).text, named: "tinyTerminal20x5")
  }

  @Test func boxesTooSmallForABorder() {
    var state = Fixtures.state(Fixtures.items(40), size: CanvasSize(columns: 30, rows: 10))
    _ = state.handle(.columns(.exactly(9)))
    assertSnapshot(render(state).text, named: "boxesTooSmallForABorder")
  }

  @Test func selectedBoxIsHeavyAndBold() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 60, rows: 20))
    _ = state.handle(.select(.next))
    _ = state.handle(.select(.right))
    let canvas = render(state)
    assertSnapshot(canvas.text, named: "selectedBox")
    #expect(canvas[1, 20].text == "┏" || canvas.text.contains("┏"))
  }

  @Test func pullBannersShowAboveAndBelow() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 60, rows: 16))
    _ = state.handle(.scroll(-1))
    _ = state.handle(.scroll(-1))
    assertSnapshot(render(state).text, named: "pullToRefreshBanner")
    _ = state.handle(.scroll(-1))
    assertSnapshot(render(state).text, named: "refreshingBanner")
    var bottom = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 60, rows: 16))
    _ = bottom.handle(.bottom)
    _ = bottom.handle(.scroll(1))
    _ = bottom.handle(.scroll(1))
    assertSnapshot(render(bottom).text, named: "pullToLoadMoreBanner")
  }

  @Test func emptyFeedSaysSo() {
    let state = Fixtures.state([], size: CanvasSize(columns: 40, rows: 8))
    let canvas = render(state)
    #expect(canvas.line(3) == "         no items in this feed")
    #expect(canvas.line(7).hasPrefix(" 0 items 1 col waterfall loade"))
    #expect(!canvas.line(7).contains("0-0"))
  }

  @Test func helpPanel() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 80, rows: 24))
    _ = state.handle(.help)
    assertSnapshot(render(state).text, named: "helpPanel")
  }

  @Test func detailsPanel() {
    var state = Fixtures.state(Fixtures.sample, size: CanvasSize(columns: 80, rows: 24))
    _ = state.handle(.select(.next))
    _ = state.handle(.select(.next))
    _ = state.handle(.details)
    assertSnapshot(render(state).text, named: "detailsPanel")
  }

  /// The details of an item whose picture and link carry a password and a key show neither.
  @Test func detailsMaskSecretsInURLs() {
    let item = FeedItem(
      imageURL: "https://ann:hunter2@x.example/a.jpg?api_key=SECRET1", width: 100, height: 60,
      title: "secret", link: "https://x.example/page?token=SECRET2")
    var state = Fixtures.state([item], size: CanvasSize(columns: 100, rows: 24))
    _ = state.handle(.select(.next))
    _ = state.handle(.details)
    let text = render(state).text
    #expect(text.contains("api_key=***"))
    for secret in ["hunter2", "SECRET1", "SECRET2"] { #expect(!text.contains(secret)) }
  }

  @Test func asciiThemeWithoutUnicode() {
    var state = Fixtures.state(Fixtures.sample, size: CanvasSize(columns: 60, rows: 16))
    _ = state.handle(.select(.next))
    let theme = Theme(isUnicode: false, colors: .none)
    let text = render(state, theme: theme).text
    assertSnapshot(text, named: "asciiTheme")
    #expect(!text.contains("┌") && !text.contains("━") && !text.contains("×"))
  }

  @Test func hostileTitlesNeverReachTheCanvas() {
    let titles =
      DisplayTextTests.hostile.map(\.0) + [
        String(repeating: "\u{1B}[2J", count: 20_000),
        "a" + String(repeating: "\u{301}", count: 50_000),
        String(repeating: "界", count: 100_000),
      ]
    let items = titles.enumerated().map { i, title in
      FeedItem(imageURL: "https://x.example/\(i).jpg", width: 100, height: 60, title: title)
    }
    let state = Fixtures.state(items, columns: 4, size: CanvasSize(columns: 100, rows: 66))
    let canvas = render(state)
    for cell in canvas.cells {
      for scalar in cell.text.unicodeScalars {
        #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
        #expect(
          !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
      }
    }
    assertSnapshot(canvas.text, named: "hostileTitles")
  }

  @Test func noColorDrawsOnlyDefaultColours() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 60, rows: 20))
    _ = state.handle(.select(.next))
    let canvas = render(state, theme: Theme.detect(isUTF8: true, colorCount: 256, noColor: true))
    #expect(canvas.cells.allSatisfy { $0.foreground == .default && $0.background == .default })
    let colored = render(state, theme: Theme.detect(isUTF8: true, colorCount: 256, noColor: false))
    #expect(colored.cells.contains { $0.foreground != .default })
  }

  @Test func boxColourIsStablePerItem() {
    let theme = Theme()
    #expect(theme.boxColor(identity: "s001") == theme.boxColor(identity: "s001"))
    let colors = Set((0..<50).map { theme.boxColor(identity: "item-\($0)") })
    #expect(colors.count > 5)
  }

  @Test func statusLineCarriesTheLiteralTokens() {
    var state = Fixtures.state(Fixtures.items(100), columns: 4)
    _ = state.handle(.scroll(10))
    let line = render(state).line(23)
    #expect(line.contains("100 items"))
    #expect(line.contains("4 cols"))
    #expect(line.contains("%"))
    #expect(line.range(of: #"\d+-\d+"#, options: .regularExpression) != nil)
  }
}
