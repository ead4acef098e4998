/// A drawn picture as bytes and back, for the disk cache: opening the same folder again shows
/// its pictures without decoding them again.
///
/// `CSP1`, columns and rows (UInt32, little-endian), then per cell the scalar (UInt32) and
/// each colour as a tag byte (0 RGB, 1 palette, 2 the terminal's default) and a UInt32. Reading checks every length and
/// value, so a damaged file is a miss, never a crash.
extension SymbolPicture {
  private static let magic: [UInt8] = Array("CSP1".utf8)
  private static let bytesPerCell = 14

  public var bytes: [UInt8] {
    var out = Self.magic
    out.reserveCapacity(12 + cells.count * Self.bytesPerCell)
    func put(_ value: UInt32) {
      for shift in stride(from: 0, to: 32, by: 8) {
        out.append(UInt8(truncatingIfNeeded: value >> shift))
      }
    }
    func put(_ color: CellColor) {
      switch color {
      case .rgb(let value):
        out.append(0)
        put(value)
      case .palette(let index):
        out.append(1)
        put(UInt32(index))
      case .terminalDefault:
        out.append(2)
        put(0)
      }
    }
    put(UInt32(columns))
    put(UInt32(rows))
    for cell in cells {
      put(cell.scalar.value)
      put(cell.foreground)
      put(cell.background)
    }
    return out
  }

  /// The picture `bytes` hold, or nil when they are not one.
  public init?(bytes: [UInt8]) {
    guard bytes.count >= 12, bytes.prefix(4).elementsEqual(Self.magic) else { return nil }
    func word(_ at: Int) -> UInt32 {
      (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
    }
    let columns = Int(word(4))
    let rows = Int(word(8))
    guard columns <= 100_000, rows <= 100_000,
      bytes.count == 12 + columns * rows * Self.bytesPerCell
    else { return nil }
    func color(_ at: Int) -> CellColor? {
      switch bytes[at] {
      case 0: return .rgb(word(at + 1) & 0xFF_FFFF)
      case 1: return word(at + 1) < 256 ? .palette(UInt8(word(at + 1))) : nil
      case 2: return word(at + 1) == 0 ? .terminalDefault : nil
      default: return nil
      }
    }
    var cells: [SymbolCell] = []
    cells.reserveCapacity(columns * rows)
    var at = 12
    for _ in 0..<(columns * rows) {
      guard let scalar = Unicode.Scalar(word(at)), let foreground = color(at + 4),
        let background = color(at + 9)
      else { return nil }
      cells.append(SymbolCell(scalar: scalar, foreground: foreground, background: background))
      at += Self.bytesPerCell
    }
    self.init(columns: columns, rows: rows, cells: cells)
  }
}
