/// One colour of a picture cell, in the form the terminal is addressed in.
public enum CellColor: Hashable, Sendable {
  /// A direct colour, packed as `0xRRGGBB`.
  case rgb(UInt32)
  /// An index into the terminal's palette.
  case palette(UInt8)
  /// The terminal's own default colour: where a picture is wholly transparent, so whatever
  /// the terminal's background is — dark, light or an image of its own — shows through, as it
  /// does around the picture.
  case terminalDefault
}
