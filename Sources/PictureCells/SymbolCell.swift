/// One terminal cell of a picture: a symbol drawn in `foreground` over `background`.
///
/// The symbol is always one column wide (the renderer's symbol sets hold no wide characters), so
/// a picture of `n` columns is `n` cells wide on screen.
public struct SymbolCell: Hashable, Sendable {
  public var scalar: Unicode.Scalar
  public var foreground: CellColor
  public var background: CellColor

  public init(scalar: Unicode.Scalar, foreground: CellColor, background: CellColor) {
    self.scalar = scalar
    self.foreground = foreground
    self.background = background
  }
}
