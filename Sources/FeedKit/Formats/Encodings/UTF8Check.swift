/// Well-formed UTF-8 as RFC 3629 defines it — no overlong forms, no surrogates, nothing past
/// U+10FFFF — checked byte by byte, for the repairs that turn bad sequences into U+FFFD.
enum UTF8Check {
  /// The length of the well-formed sequence at `index`, or 0.
  static func validLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int)
    -> Int where Bytes.Index == Int
  {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return 0
    }
    guard index + length <= bytes.endIndex else { return 0 }
    guard (low...high).contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }

  /// The end of the bad sequence at `index`: its lead byte and up to three continuation bytes
  /// after it, which one U+FFFD stands for.
  static func endOfBadSequence<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at index: Int
  ) -> Int where Bytes.Index == Int {
    var end = index + 1
    while end < bytes.endIndex, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return end
  }

  /// Where the first bad sequence starts (nil when all of `bytes` is UTF-8), and whether
  /// `bytes` hold a well-formed sequence of more than one byte: a sign they are meant as UTF-8
  /// even where some are bad.
  static func survey<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> (
    firstInvalid: Int?, hasMultiByte: Bool
  ) where Bytes.Index == Int {
    var firstInvalid: Int?
    var hasMultiByte = false
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      let length = validLength(bytes, at: index)
      if length == 0 {
        firstInvalid = firstInvalid ?? index
        if hasMultiByte { break }
        index += 1
      } else {
        hasMultiByte = true
        if firstInvalid != nil { break }
        index += length
      }
    }
    return (firstInvalid, hasMultiByte)
  }
}
