import PictureCells

/// What a box shows of its picture.
enum PictureSlot {
  /// No picture: pictures are off, or the box is too small for one.
  case none
  /// Asked for, not drawn yet: the area shows the item's placeholder drawn at the picture's
  /// size (`PlaceholderPicture`) when the feed gave one, else stays blank; the caption shows.
  case loading(PictureKey, placeholder: SymbolPicture?)
  case ready(SymbolPicture)
  /// Drawn by the terminal over the frame (sixel, iTerm2, kitty's placements): partly in view,
  /// its rows in view are drawn; the placeholder, if the feed gave one, stands in only where
  /// no picture is kept.
  case pixels(SymbolPicture, placeholder: SymbolPicture?)
  /// Could not be fetched or decoded: a marker in the box, over the placeholder if there is one
  /// (the nearest thing to the picture there will be); the reason in the details.
  case failed(String, placeholder: SymbolPicture?)
  /// Kept back: the feed marks the picture sensitive (`BrowserState.hidesPicture(ofItem:)`).
  case hidden(placeholder: SymbolPicture?)
}

extension Color {
  /// The canvas colour of a picture cell's colour.
  package init(_ color: CellColor) {
    switch color {
    case .rgb(let value):
      self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    case .palette(let index): self = .palette(index)
    case .terminalDefault: self = .default
    }
  }
}

extension PictureSlot {
  /// Whether the slot shows a moving picture standing still: paused or off (`playing` false),
  /// or drawn still at its size (`SymbolPicture.standsStill`).
  func movesStill(playing: Bool) -> Bool {
    switch self {
    case .ready(let picture), .pixels(let picture, _):
      picture.moves && (!playing || picture.standsStill)
    default: false
    }
  }
}
