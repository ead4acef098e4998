/// Gzip framing around stored (uncompressed) deflate blocks: enough to check that a
/// `Content-Encoding: gzip` body is undone, without a compression library in the tests.
package enum Gzip {
  package static func wrap(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    var offset = 0
    repeat {
      let count = min(65_535, bytes.count - offset)
      let last: UInt8 = offset + count == bytes.count ? 1 : 0
      out.append(last)
      out += littleEndian16(UInt16(count)) + littleEndian16(~UInt16(count))
      out += bytes[offset..<offset + count]
      offset += count
    } while offset < bytes.count
    out += littleEndian32(crc32(bytes)) + littleEndian32(UInt32(truncatingIfNeeded: bytes.count))
    return out
  }

  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func littleEndian16(_ value: UInt16) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8)]
  }

  private static func littleEndian32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
  }
}
