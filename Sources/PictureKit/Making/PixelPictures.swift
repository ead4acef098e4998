import PictureCells

/// What draws a decision's pictures in pixels, made in one place for the browser and
/// `cascade print`: kitty's Unicode placeholders (`KittyPixels`), or pictures drawn over the
/// frame (`OverlayPictures`: sixel, iTerm2, kitty placed by id). At most one of them is made;
/// neither when the decision draws symbols, or the terminal's colours cannot carry kitty's
/// image ids.
public struct PixelPictures {
  public let kitty: KittyPixels?
  public let overlay: OverlayPictures?

  /// - Parameter budget: bytes of encoded pictures the overlay keeps for drawing again.
  public init(_ decision: PictureDecision?, colorMode: CellColorMode, budget: Int) {
    kitty = KittyPixels(decision, colorMode: colorMode)
    overlay = OverlayPictures(decision, budget: budget)
  }
}
