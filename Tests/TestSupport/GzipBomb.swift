/// A gzip body that undoes to far more than it weighs: zeros as deflate back-references
/// (length 258, distance 1, 13 bits each), about 1:158, so 1 GiB costs under 7 MB.
///
/// Built from one repeated byte-aligned unit: a fixed-Huffman block of `perBlock` references,
/// then an empty stored block, whose padding brings the stream back to a byte boundary, so the
/// unit's bytes can simply be repeated. Compression libraries will not make such a stream
/// quickly, and a test has none.
package enum GzipBomb {
  /// References per block.
  static let perBlock = 1000

  /// A gzip body that decodes to at least `decodedBytes` zeros (rounded up to whole blocks of
  /// 258,000). The CRC is only computed below 16 MiB: a client fed the real bomb must stop long
  /// before its end, and one that does not fails on the CRC, which a test also notices.
  package static func make(decodedBytes: Int) -> [UInt8] {
    let blockBytes = perBlock * 258
    let blocks = max(1, (decodedBytes - 1 + blockBytes - 1) / blockBytes)
    var first = BitWriter()
    first.block(references: perBlock, leadingLiteral: true)
    var unit = BitWriter()
    unit.block(references: perBlock, leadingLiteral: false)
    var last = BitWriter()
    last.storedEmpty(final: true)
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    out.reserveCapacity(out.count + first.bytes.count + unit.bytes.count * blocks + 16)
    out += first.bytes
    for _ in 1..<blocks { out += unit.bytes }
    out += last.bytes
    let size = 1 + blocks * blockBytes
    let crc: UInt32 = size < 16 << 20 ? Gzip.crc32([UInt8](repeating: 0, count: size)) : 0
    for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((crc >> UInt32(shift)) & 0xFF)) }
    let isize = UInt32(truncatingIfNeeded: size)
    for shift in stride(from: 0, to: 32, by: 8) {
      out.append(UInt8((isize >> UInt32(shift)) & 0xFF))
    }
    return out
  }

  /// Deflate's bit order: fields least significant bit first, Huffman codes most significant
  /// bit first.
  private struct BitWriter {
    var bytes: [UInt8] = []
    var bitCount = 0

    mutating func bits(_ value: Int, count: Int) {
      for i in 0..<count { bit((value >> i) & 1) }
    }

    mutating func code(_ value: Int, length: Int) {
      for i in stride(from: length - 1, through: 0, by: -1) { bit((value >> i) & 1) }
    }

    mutating func bit(_ value: Int) {
      if bitCount % 8 == 0 { bytes.append(0) }
      bytes[bytes.count - 1] |= UInt8(value) << UInt8(bitCount % 8)
      bitCount += 1
    }

    /// A fixed-Huffman block of length-258, distance-1 references, then an empty stored block.
    mutating func block(references: Int, leadingLiteral: Bool) {
      bits(0, count: 1)  // not final
      bits(1, count: 2)  // fixed Huffman codes
      if leadingLiteral { code(0x30, length: 8) }  // literal 0
      for _ in 0..<references {
        code(0xC5, length: 8)  // length 258 (symbol 285)
        code(0, length: 5)  // distance 1
      }
      code(0, length: 7)  // end of block
      storedEmpty(final: false)
    }

    mutating func storedEmpty(final: Bool) {
      bits(final ? 1 : 0, count: 1)
      bits(0, count: 2)  // stored
      bitCount = (bitCount + 7) / 8 * 8
      for byte: UInt8 in [0, 0, 0xFF, 0xFF] {
        bytes.append(byte)
        bitCount += 8
      }
    }
  }
}
