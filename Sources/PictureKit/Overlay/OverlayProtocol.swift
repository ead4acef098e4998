/// The ways of drawing pictures over curses' frame: those `OverlayPictures` has a drawer for.
/// Made from a `PictureProtocol` by a switch that names every case, so a new protocol says
/// here whether it is drawn over the frame, rather than falling to sixel unnoticed.
public enum OverlayProtocol: Sendable, CaseIterable {
  /// DEC sixel strings (`SixelDrawer`).
  case sixel
  /// iTerm2's inline files (`ITermDrawer`).
  case iterm
  /// kitty's graphics protocol placed at cells, without placeholders (`KittyPlacementDrawer`).
  case kitty

  /// `picture` as a way of drawing over the frame; nil for symbols and for no pictures,
  /// which curses draws (or nothing does).
  public init?(_ picture: PictureProtocol) {
    switch picture {
    case .sixel: self = .sixel
    case .iterm: self = .iterm
    case .kitty: self = .kitty
    case .symbols, .off: return nil
    }
  }

  /// The protocol this is.
  public var pictureProtocol: PictureProtocol {
    switch self {
    case .sixel: .sixel
    case .iterm: .iterm
    case .kitty: .kitty
    }
  }
}
