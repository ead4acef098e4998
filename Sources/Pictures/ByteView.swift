/// Bounds-checked reads of big- and little-endian integers at offsets from the start of a
/// slice, each nil past the end.
///
/// The header readers run on prefixes of files from anywhere; an offset computed from a lying
/// length must end in a nil, never in a read out of bounds or an overflow trap.
struct ByteView {
  let bytes: ArraySlice<UInt8>

  var count: Int { bytes.count }

  /// Whether `length` bytes from `offset` are all present (false for negative or overflowing
  /// ranges).
  func has(_ length: Int, at offset: Int) -> Bool {
    guard offset >= 0, length >= 0 else { return false }
    let (end, overflow) = offset.addingReportingOverflow(length)
    return !overflow && end <= bytes.count
  }

  func u8(_ offset: Int) -> Int? {
    has(1, at: offset) ? Int(bytes[bytes.startIndex + offset]) : nil
  }

  func be16(_ offset: Int) -> Int? {
    guard has(2, at: offset), let a = u8(offset), let b = u8(offset + 1) else { return nil }
    return a << 8 | b
  }

  func le16(_ offset: Int) -> Int? {
    guard has(2, at: offset), let a = u8(offset), let b = u8(offset + 1) else { return nil }
    return b << 8 | a
  }

  func le24(_ offset: Int) -> Int? {
    guard let low = le16(offset), let high = u8(offset + 2) else { return nil }
    return high << 16 | low
  }

  func be32(_ offset: Int) -> Int? {
    guard let high = be16(offset), let low = be16(offset + 2) else { return nil }
    return high << 16 | low
  }

  func le32(_ offset: Int) -> Int? {
    guard let low = le16(offset), let high = le16(offset + 2) else { return nil }
    return high << 16 | low
  }

  /// Whether the bytes at `offset` are `expected` (false when they are not all present).
  func matches(_ expected: [UInt8], at offset: Int) -> Bool {
    guard has(expected.count, at: offset) else { return false }
    let start = bytes.startIndex + offset
    return bytes[start..<start + expected.count].elementsEqual(expected)
  }

  /// The view of `length` bytes from `offset`, clipped to what is present.
  func slice(_ offset: Int, _ length: Int) -> ByteView {
    let start = min(max(0, offset), bytes.count)
    let end = start + min(max(0, length), bytes.count - start)
    return ByteView(bytes: bytes[(bytes.startIndex + start)..<(bytes.startIndex + end)])
  }
}
