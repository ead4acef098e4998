/// How many colours a terminal can show in a picture's cells.
///
/// "No colour" is not a case: a terminal that has none gets no pictures, and that choice belongs
/// to the caller, not to the renderer.
public enum CellColorMode: Sendable, Hashable, CaseIterable {
  /// 24-bit colour: cells carry `CellColor.rgb`.
  case direct
  /// The 240 fixed colours of the 256-colour palette (indices 16…255): cells carry
  /// `CellColor.palette`. Indices 0…15 are left out because terminal themes redefine them, so
  /// the same index would show a different colour from one terminal to the next.
  case palette256
  /// The 16 standard colours (indices 0…15): cells carry `CellColor.palette`.
  case palette16
}
