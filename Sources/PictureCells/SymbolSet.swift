/// Which characters a picture may be drawn with.
///
/// Both sets hold only one-column characters that a terminal draws as shapes filling the cell,
/// so a picture keeps its geometry in any monospace font that has them.
public enum SymbolSet: Sendable, Hashable, CaseIterable {
  /// Space, the block elements (half, quarter and eighth blocks, U+2580…U+259F) and the box
  /// drawing characters: in every common terminal font.
  case blocks
  /// `blocks` and the sextants of "Symbols for Legacy Computing" (U+1FB00…U+1FB3B): finer
  /// detail, but missing from many fonts (DejaVu Sans Mono, for one), where they show as boxes.
  case blocksAndSextants
}
