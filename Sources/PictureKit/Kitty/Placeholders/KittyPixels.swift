import PictureCells

/// What the picture loader needs to send pictures as pixels to a kitty-graphics terminal.
public struct KittyPixels: Sendable {
  /// The size of a cell in pixels: pictures are scaled once to their cells' pixels.
  public var cell: PixelSize
  /// Whether the terminal is addressed in direct colour (the placeholders' image ids are
  /// colours).
  public var direct: Bool
  /// Where the transmissions wait for the main thread.
  public var uploads: KittyUploads

  public init(cell: PixelSize, direct: Bool, uploads: KittyUploads) {
    self.cell = cell
    self.direct = direct
    self.uploads = uploads
  }
}

/// Why a picture could not be sent as pixels.
package enum PixelsError: Error, CustomStringConvertible {
  case unencodable

  package var description: String {
    switch self {
    case .unencodable: "the picture could not be encoded for the terminal"
    }
  }
}

extension KittyPixels {
  /// The kitty settings when `decision` chose kitty and the terminal's colours can carry image
  /// ids (a 256-colour palette or direct colour); nil otherwise, and symbols are drawn.
  public init?(_ decision: PictureDecision?, colorMode: CellColorMode) {
    guard let decision, decision.chosen == .kitty, decision.kittyPlaceholders,
      colorMode != .palette16
    else { return nil }
    self.init(
      cell: decision.cellPixels, direct: colorMode == .direct,
      uploads: KittyUploads(insideTmux: decision.insideTmux))
  }
}
