/// How many colours the terminal shows, as far as the browser cares.
public enum ColorDepth: Hashable, Sendable {
  /// No colour: `NO_COLOR`, or a monochrome terminal.
  case none
  /// 8 or 16 colours.
  case basic
  /// 256 colours or more.
  case palette
}

/// The characters and colours the browser draws with, chosen once for the terminal.
public struct Theme: Hashable, Sendable {
  /// Box-drawing characters need a UTF-8 locale; elsewhere ASCII stands in.
  public var isUnicode: Bool
  public var colors: ColorDepth
  /// The colours the config file chose; used only where the terminal has colour.
  public var custom: ThemeColors
  /// The terminal's background, `0xRRGGBB`, when it said (its answer to OSC 11): the
  /// selected box's border keeps a contrast with it.
  public var background: UInt32?

  public init(
    isUnicode: Bool = true, colors: ColorDepth = .palette, custom: ThemeColors = ThemeColors(),
    background: UInt32? = nil
  ) {
    self.isUnicode = isUnicode
    self.colors = colors
    self.custom = custom
    self.background = background
  }

  /// Whether `color` (`0xRRGGBB`) is a light one: its perceived brightness (the weights of
  /// ITU-R BT.601, as W3C's colour-contrast check uses them) past the middle.
  static func isLight(_ color: UInt32) -> Bool {
    let red = (color >> 16) & 0xFF
    let green = (color >> 8) & 0xFF
    let blue = color & 0xFF
    return 299 * red + 587 * green + 114 * blue > 128_000
  }

  /// Whether `NO_COLOR`'s value (nil when unset) asks for no colour: set and not empty, as
  /// no-color.org says; an empty value left over in an environment does not.
  public static func noColor(_ value: String?) -> Bool {
    !(value ?? "").isEmpty
  }

  /// The theme for a terminal: `NO_COLOR` (see `noColor`) turns colour off, unless the config
  /// file chose colours (a person who wrote colours down asked for them).
  public static func detect(
    isUTF8: Bool, colorCount: Int, noColor: Bool, custom: ThemeColors = ThemeColors(),
    background: UInt32? = nil
  ) -> Theme {
    let depth: ColorDepth =
      (noColor && custom.isEmpty) || colorCount < 8
      ? .none : colorCount >= 256 ? .palette : .basic
    return Theme(isUnicode: isUTF8, colors: depth, custom: custom, background: background)
  }

  /// The chosen colour of `part`, if there is one and the terminal shows colour.
  func customColor(_ part: ThemeColors.Part) -> Color? {
    colors == .none ? nil : custom[part]
  }

  /// The colour of an unselected box's title: the theme's text colour, else its border's.
  func titleColor(border: Color) -> Color { customColor(.text) ?? border }

  /// Corner and edge characters of a box, light for normal boxes and heavy for the selected one.
  struct Border {
    var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Substring
  }

  func border(selected: Bool) -> Border {
    switch (isUnicode, selected) {
    case (true, false):
      Border(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─",
        vertical: "│")
    case (true, true):
      Border(
        topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━",
        vertical: "┃")
    case (false, false):
      Border(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-",
        vertical: "|")
    case (false, true):
      Border(
        topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=",
        vertical: "#")
    }
  }

  /// Fills a box too small for a border.
  func solid(selected: Bool) -> Substring {
    isUnicode ? (selected ? "█" : "▒") : (selected ? "@" : "#")
  }

  var ellipsis: String { isUnicode ? "…" : "~" }
  var times: String { isUnicode ? "×" : "x" }
  var pullDownText: String { isUnicode ? "↓ pull to refresh" : "v pull to refresh" }
  var pullUpText: String { isUnicode ? "↑ pull to load more" : "^ pull to load more" }
  var refreshingText: String { isUnicode ? "refreshing…" : "refreshing..." }
  var loadingMoreText: String { isUnicode ? "loading more…" : "loading more..." }

  /// A stable colour for an item, from its identity (FNV-1a, not `hashValue`, which changes
  /// from run to run).
  func boxColor(identity: String) -> Color {
    let palette256: [UInt8] = [39, 43, 78, 114, 149, 179, 209, 204, 169, 135, 99, 75]
    let basic: [UInt8] = [1, 2, 3, 4, 5, 6]
    switch colors {
    case .none: return .default
    case .basic: return .ansi(basic[Int(Self.hash(identity) % UInt64(basic.count))])
    case .palette:
      return .palette(palette256[Int(Self.hash(identity) % UInt64(palette256.count))])
    }
  }

  static func hash(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8.prefix(256) {
      h ^= UInt64(byte)
      h = h &* 0x100_0000_01b3
    }
    return h
  }

  func boxStyle(identity: String, selected: Bool) -> CellAppearance {
    if selected {
      // White on a dark background (or one not known), black on a light one: white on
      // xterm's and mlterm's default white was no border at all.
      let light = background.map(Self.isLight) ?? false
      let color: Color =
        colors == .none
        ? .default
        : colors == .basic ? .ansi(light ? 0 : 15) : .palette(light ? 16 : 231)
      return CellAppearance(foreground: customColor(.selection) ?? color, attributes: .bold)
    }
    return CellAppearance(foreground: customColor(.border) ?? boxColor(identity: identity))
  }

  var statusStyle: CellAppearance {
    CellAppearance(foreground: customColor(.status) ?? .default, attributes: .reverse)
  }
  var bannerStyle: CellAppearance {
    CellAppearance(
      foreground: customColor(.banner) ?? (colors == .none ? .default : .ansi(3)),
      attributes: .bold)
  }
  var panelStyle: CellAppearance { CellAppearance() }

  /// What a moving picture standing still (paused, or moving pictures off) shows by its
  /// number.
  var movingMark: String { isUnicode ? "▶ " : "> " }
}
