/// One colour of a picture cell, in the form the terminal is addressed in.
public enum CellColor: Hashable, Sendable {
  /// A direct colour, packed as `0xRRGGBB`.
  case rgb(UInt32)
  /// An index into the terminal's palette.
  case palette(UInt8)
}
