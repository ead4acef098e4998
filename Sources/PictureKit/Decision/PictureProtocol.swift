/// How pictures reach the screen: real pixels through one of the terminal graphics protocols,
/// symbol cells that every terminal can show, or not at all.
public enum PictureProtocol: String, Sendable, CaseIterable {
  /// kitty's graphics protocol, placed with Unicode placeholder cells that curses draws.
  case kitty
  /// DEC sixel strings, drawn over curses' frame.
  case sixel
  /// iTerm2's inline files (OSC 1337), drawn over curses' frame.
  case iterm
  /// chafa's symbol cells in colour: the floor every terminal can show.
  case symbols
  /// No pictures.
  case off

  /// The protocols this build draws. `auto` never picks one that is not here, and asking for
  /// one by name falls back to symbols with the reason in `cascade --probe`.
  public static let drawn: Set<PictureProtocol> = [.kitty, .sixel, .iterm, .symbols, .off]
}

/// What `--pictures` asks for: a protocol by name, or `auto` to ask the environment and then
/// the terminal.
public enum PictureChoice: Hashable, Sendable {
  case auto
  case only(PictureProtocol)

  /// The `--pictures` values, in the order `--help` lists them.
  public static let names = ["auto"] + PictureProtocol.allCases.map(\.rawValue)

  public init?(name: String) {
    if name == "auto" {
      self = .auto
    } else if let chosen = PictureProtocol(rawValue: name) {
      self = .only(chosen)
    } else {
      return nil
    }
  }

  /// Whether drawing needs the terminal's answers: the cell size matters for any protocol
  /// with pixels, the background colour for symbols; off needs nothing.
  public var needsQueries: Bool {
    switch self {
    case .auto: true
    case .only(let chosen): chosen != .off
    }
  }
}
