/// Which characters a picture may be drawn with.
///
/// Every set holds only one-column characters, so a picture keeps its geometry in any
/// monospace font that has them.
public enum SymbolSet: Sendable, Hashable, CaseIterable {
  /// Space, the block elements (half, quarter and eighth blocks, U+2580…U+259F) and the box
  /// drawing characters: in every common terminal font.
  case blocks
  /// `blocks` and the sextants of "Symbols for Legacy Computing" (U+1FB00…U+1FB3B): finer
  /// detail, but missing from many fonts (DejaVu Sans Mono, for one), where they show as boxes.
  case blocksAndSextants
  /// Space and printable ASCII, for a terminal that is not in a UTF-8 locale: it cannot show
  /// the blocks, and every one became a `?`. Coarser, the colours doing most of the work.
  case ascii
}
