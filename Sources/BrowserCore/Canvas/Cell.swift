/// Text attributes of a cell.
public struct CellAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = CellAttributes(rawValue: 1 << 0)
  public static let dim = CellAttributes(rawValue: 1 << 1)
  public static let reverse = CellAttributes(rawValue: 1 << 2)
  public static let underline = CellAttributes(rawValue: 1 << 3)
  public static let italic = CellAttributes(rawValue: 1 << 4)
}

/// How text is drawn: colours and attributes, without the text.
public struct CellAppearance: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: CellAttributes

  public init(
    foreground: Color = .default, background: Color = .default,
    attributes: CellAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = CellAppearance()
}

/// One character cell of a screen.
///
/// `text` is one sanitised grapheme (see `DisplayText`) whose width is `width` cells. A wide
/// grapheme occupies its own cell and the next one, which holds `Cell.continuation`. A picture
/// drawn with half blocks later is just cells whose text is `▀` with both colours set.
public struct Cell: Hashable, Sendable {
  public var text: String
  /// 1 or 2 for a grapheme, 0 for the right half of a wide one.
  public var width: UInt8
  public var style: CellAppearance

  public init(text: String = " ", width: UInt8 = 1, style: CellAppearance = .plain) {
    self.text = text
    self.width = width
    self.style = style
  }

  public var foreground: Color { style.foreground }
  public var background: Color { style.background }
  public var attributes: CellAttributes { style.attributes }

  /// A blank cell in the default colours.
  public static let blank = Cell()

  /// The right half of a wide grapheme.
  static func continuation(_ style: CellAppearance) -> Cell {
    Cell(text: "", width: 0, style: style)
  }
}
