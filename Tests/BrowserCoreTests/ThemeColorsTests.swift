import Testing

@testable import BrowserCore

/// Colours chosen in the config file reach the parts they name, in the in-memory canvas, and
/// bring colour back under `NO_COLOR`.
@Suite struct ThemeColorsTests {
  static let chosen = ThemeColors([
    .border: .ansi(4), .selection: .rgb(0xFF, 0x88, 0), .text: .palette(250),
    .status: .ansi(14), .banner: .ansi(1),
  ])

  func drawn(_ theme: Theme) -> (MemoryCanvas, BrowserState) {
    var state = Fixtures.state(
      Fixtures.items(12), options: BrowserOptions(columns: 3),
      size: CanvasSize(columns: 60, rows: 30), title: "Feed name")
    _ = state.handle(.select(.next))
    return (render(state, theme: theme), state)
  }

  @Test func eachPartIsDrawnInItsColour() throws {
    let theme = Theme.detect(isUTF8: true, colorCount: 256, noColor: false, custom: Self.chosen)
    let (canvas, _) = drawn(theme)
    let cells = canvas.cells
    #expect(cells.contains { $0.text == "┏" && $0.foreground == .rgb(0xFF, 0x88, 0) })
    #expect(cells.contains { $0.text == "┌" && $0.foreground == .ansi(4) })
    #expect(!cells.contains { $0.text == "┌" && $0.foreground != .ansi(4) })
    #expect(cells.contains { $0.text == "i" && $0.foreground == .palette(250) }, "titles")
    let statusRow = canvas.size.rows - 1
    #expect(canvas[statusRow, 1].foreground == .ansi(14))
    #expect(canvas[statusRow, 1].style.attributes.contains(.reverse))
    #expect(cells.contains { $0.text == "F" && $0.foreground == .ansi(1) }, "the feed's name")
  }

  @Test func chosenColoursWinOverNoColor() {
    let plain = Theme.detect(isUTF8: true, colorCount: 256, noColor: true)
    #expect(plain.colors == .none)
    let chosen = Theme.detect(isUTF8: true, colorCount: 256, noColor: true, custom: Self.chosen)
    #expect(chosen.colors == .palette)
    #expect(drawn(chosen).0.cells.contains { $0.foreground == .ansi(4) })
  }

  @Test func aMonochromeTerminalIgnoresChosenColours() {
    let theme = Theme.detect(isUTF8: true, colorCount: 2, noColor: false, custom: Self.chosen)
    #expect(drawn(theme).0.cells.allSatisfy { $0.foreground == .default })
  }

  @Test func partsLeftOutKeepTheBrowsersColours() {
    let theme = Theme.detect(
      isUTF8: true, colorCount: 256, noColor: false, custom: ThemeColors([.status: .ansi(2)]))
    let (canvas, _) = drawn(theme)
    let borders = Set(canvas.cells.filter { $0.text == "┌" }.map(\.foreground))
    #expect(borders.count > 1, "a colour per item, as without a theme")
  }

  /// no-color.org: only a value that is set and not empty asks for no colour.
  @Test func anEmptyNoColorLeavesColourOn() {
    #expect(!Theme.noColor(nil))
    #expect(!Theme.noColor(""))
    #expect(Theme.noColor("1"))
  }
}

/// The selected box's border keeps a contrast with the terminal's background: white on
/// xterm's and mlterm's default white was no border at all.
@Suite struct SelectionContrastTests {
  @Test(arguments: [
    (UInt32?.none, ColorDepth.palette, Color.palette(231)), (0x23_2627, .palette, .palette(231)),
    (0xFF_FFFF, .palette, .palette(16)), (0xF0_EAD6, .palette, .palette(16)),
    (0xFF_FFFF, .basic, .ansi(0)), (0x00_0000, .basic, .ansi(15)),
  ])
  func theSelectedBorderStandsOutOnTheBackground(
    background: UInt32?, depth: ColorDepth, expected: Color
  ) {
    let theme = Theme(colors: depth, background: background)
    #expect(theme.boxStyle(identity: "x", selected: true).foreground == expected)
  }

  @Test func aThemesSelectionColourStillWins() throws {
    var custom = ThemeColors()
    custom[.selection] = .palette(196)
    let theme = Theme(colors: .palette, custom: custom, background: 0xFF_FFFF)
    #expect(theme.boxStyle(identity: "x", selected: true).foreground == .palette(196))
  }

  @Test func brightnessDividesLightFromDark() {
    #expect(Theme.isLight(0xFF_FFFF) && Theme.isLight(0xC0_C0C0) && Theme.isLight(0xFF_FF00))
    #expect(!Theme.isLight(0x00_0000) && !Theme.isLight(0x23_2627) && !Theme.isLight(0x00_00FF))
  }
}
