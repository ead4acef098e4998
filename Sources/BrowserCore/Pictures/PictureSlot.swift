import PictureCells

/// What a box shows of its picture.
enum PictureSlot {
  /// No picture: pictures are off, or the box is too small for one.
  case none
  /// Asked for, not drawn yet: the area stays blank, the caption shows.
  case loading(PictureKey)
  case ready(SymbolPicture)
  /// Could not be fetched or decoded: a marker in the box, the reason in the details.
  case failed(String)
}

extension Color {
  /// The canvas colour of a picture cell's colour.
  package init(_ color: CellColor) {
    switch color {
    case .rgb(let value):
      self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    case .palette(let index): self = .palette(index)
    }
  }
}
