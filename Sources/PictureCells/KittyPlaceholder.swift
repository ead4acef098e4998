/// A picture the terminal holds (kitty's graphics protocol), shown through Unicode placeholder
/// cells: U+10EEEE with combining marks for its row and column, and the image id in the
/// foreground colour.
///
/// The cells are ordinary text to curses, so scrolling, clearing and partial updates stay
/// curses' job and no picture is ever left behind. Only the first cell of each row carries the
/// marks: kitty takes a bare placeholder for the next column of the same row and image as the
/// cell to its left, which makes a picture cost about one byte per cell on screen.
public struct KittyPlaceholder: Hashable, Sendable {
  /// The image id the picture was transmitted with.
  public let imageID: UInt32
  /// The foreground colour that names the image: a palette index, or in direct colour the same
  /// number as 0xRRGGBB.
  public let foreground: CellColor

  /// - Parameter direct: whether the terminal is addressed in direct colour.
  /// - Precondition: the id is one `id(serial:)` makes: its low byte is not 0 and its middle
  ///   bytes are 0, so that a palette colour can carry it.
  public init(imageID: UInt32, direct: Bool) {
    precondition(
      imageID & 0xFF != 0 && imageID & 0x00FF_FF00 == 0,
      "a placeholder's image id is a low byte and a high byte")
    self.imageID = imageID
    foreground = direct ? .rgb(imageID & 0xFF) : .palette(UInt8(imageID & 0xFF))
  }

  /// The placeholder character.
  public static let character: Unicode.Scalar = "\u{10EEEE}"

  /// The image id for the `serial`th picture sent: the low byte (1–255) goes in the foreground
  /// colour, which a 256-colour terminfo can only give as a palette index, and the high byte
  /// in the third combining mark. Wraps after 255 × `diacritics.count` pictures.
  public static func id(serial: Int) -> UInt32 {
    let count = 255 * diacritics.count
    let n = ((serial % count) + count) % count
    return UInt32(n / 255) << 24 | UInt32(n % 255 + 1)
  }

  /// The rows a placeholder picture can have: one mark per row.
  public static var maximumRows: Int { diacritics.count }

  /// The cell at `row`, `column` of the picture, as one cluster: marks on the first column,
  /// a bare placeholder elsewhere.
  /// - Precondition: `row` is below `maximumRows`.
  public func cluster(row: Int, column: Int) -> String {
    precondition(row >= 0 && row < Self.diacritics.count, "row \(row) has no mark")
    guard column == 0 else { return String(Character(Self.character)) }
    var scalars = String.UnicodeScalarView()
    scalars.append(Self.character)
    scalars.append(Self.diacritics[row])
    scalars.append(Self.diacritics[0])
    scalars.append(Self.diacritics[Int(imageID >> 24)])
    return String(scalars)
  }

  /// The combining marks that number rows and columns (0, 1, 2, …), from kitty's
  /// `rowcolumn-diacritics.txt`: combining marks of class 230 that no font composes with
  /// anything. Written from memory and kept to the first 129 entries, which cover the rows of a
  /// full-screen picture on any ordinary terminal and 32 895 image ids.
  public static let diacritics: [Unicode.Scalar] =
    ([
      0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B,
      0x034C, 0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367,
      0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485,
      0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D,
      0x059E, 0x059F, 0x05A0, 0x05A1, 0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610,
      0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A,
      0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8, 0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF,
      0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB, 0x06EC, 0x0730, 0x0732, 0x0733,
      0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743, 0x0745, 0x0747, 0x0749,
      0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3, 0x0816, 0x0817,
      0x0818, 0x0819, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822, 0x0823,
      0x0825, 0x0826, 0x0827, 0x0829, 0x082A, 0x082B, 0x082C, 0x082D,
    ] as [UInt32]).compactMap { Unicode.Scalar($0) }

  /// The number a mark stands for, or nil for anything else.
  public static func number(of mark: Unicode.Scalar) -> Int? { numbers[mark] }

  private static let numbers: [Unicode.Scalar: Int] = Dictionary(
    uniqueKeysWithValues: diacritics.enumerated().map { ($1, $0) })
}
