/// Colours a person chose for parts of the interface (the config file's `theme`), over the
/// ones the browser picks for the terminal. A part left out keeps the browser's colour.
public struct ThemeColors: Hashable, Sendable {
  /// The parts of the interface that take a colour of their own.
  public enum Part: String, CaseIterable, Hashable, Sendable {
    /// The borders and titles of boxes that are not selected (instead of a colour per item).
    case border
    /// The border of the selected box.
    case selection
    /// Titles in boxes that are not selected.
    case text
    /// The status line, drawn reversed: the bar's colour.
    case status
    /// The feed's name, the page rows and the pull banners.
    case banner

    /// What the part colours, for the man page.
    public var help: String {
      switch self {
      case .border: "borders and titles of the boxes (instead of a colour per item)"
      case .selection: "the border of the selected box"
      case .text: "titles in the boxes"
      case .status: "the status line"
      case .banner: "the feed's name, the page rows and the pull banners"
      }
    }
  }

  public var colors: [Part: Color]

  public init(_ colors: [Part: Color] = [:]) {
    self.colors = colors
  }

  public subscript(part: Part) -> Color? {
    get { colors[part] }
    set { colors[part] = newValue }
  }

  public var isEmpty: Bool { colors.isEmpty }
}
