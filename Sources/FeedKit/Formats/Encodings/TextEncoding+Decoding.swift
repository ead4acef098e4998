#if canImport(Glibc)
  import Glibc
#endif

extension TextEncoding {
  /// A document's text in UTF-8, and how many bytes (or byte sequences) were not valid in its
  /// encoding and became U+FFFD, as a browser shows them.
  struct Decoded {
    var bytes: [UInt8]
    var replaced: Int
  }

  /// `bytes` decoded into UTF-8; nil for an encoding that cannot be read here (a replacement
  /// encoding, or a multi-byte one the C library does not have).
  func decode(_ bytes: ArraySlice<UInt8>) -> Decoded? {
    switch self {
    case .utf8: return Self.repairingUTF8(bytes)
    case .utf16(let big): return Self.decodeUTF16(bytes, bigEndian: big)
    case .utf32(let big): return Self.decodeUTF32(bytes, bigEndian: big)
    case .singleByte(let encoding): return Self.decode(bytes, encoding)
    case .multiByte(let name): return Self.decode(bytes, iconvName: name)
    case .userDefined:
      var out = Decoded(bytes: [], replaced: 0)
      out.bytes.reserveCapacity(bytes.count)
      for byte in bytes {
        Self.append(byte < 0x80 ? UInt32(byte) : 0xF780 + UInt32(byte - 0x80), to: &out.bytes)
      }
      return out
    case .replacement: return nil
    }
  }

  /// Appends `value`'s UTF-8, or U+FFFD's for a value that is no scalar.
  static func append(_ value: UInt32, to out: inout [UInt8]) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    if scalar.value < 0x80 {
      out.append(UInt8(scalar.value))
    } else {
      out.append(contentsOf: UTF8.encode(scalar).map(Array.init) ?? [0xEF, 0xBF, 0xBD])
    }
  }

  /// `bytes` as they are when they are UTF-8; else with each bad sequence (a lead byte and the
  /// continuation bytes after it) one U+FFFD.
  static func repairingUTF8(_ bytes: ArraySlice<UInt8>) -> Decoded {
    guard let firstBad = UTF8Check.survey(bytes).firstInvalid else {
      return Decoded(bytes: Array(bytes), replaced: 0)
    }
    var out = Decoded(bytes: Array(bytes[..<firstBad]), replaced: 0)
    out.bytes.reserveCapacity(bytes.count + 16)
    var index = firstBad
    while index < bytes.endIndex {
      if bytes[index] < 0x80 {
        out.bytes.append(bytes[index])
        index += 1
        continue
      }
      let length = UTF8Check.validLength(bytes, at: index)
      if length > 0 {
        out.bytes += bytes[index..<index + length]
        index += length
      } else {
        index = UTF8Check.endOfBadSequence(bytes, at: index)
        out.bytes += [0xEF, 0xBF, 0xBD]
        out.replaced += 1
      }
    }
    return out
  }

  private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Decoded {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
      index += 2
    }
    var out = Decoded(bytes: [], replaced: index < bytes.endIndex ? 1 : 0)
    out.bytes.reserveCapacity(units.count)
    var iterator = units.makeIterator()
    var decoder = UTF16()
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): append(scalar.value, to: &out.bytes)
      case .error:
        append(0xFFFD, to: &out.bytes)
        out.replaced += 1
      case .emptyInput: break loop
      }
    }
    if index < bytes.endIndex { append(0xFFFD, to: &out.bytes) }
    return out
  }

  private static func decodeUTF32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Decoded {
    var out = Decoded(bytes: [], replaced: 0)
    out.bytes.reserveCapacity(bytes.count / 4)
    var index = bytes.startIndex
    while index + 3 < bytes.endIndex {
      var value: UInt32 = 0
      for k in 0..<4 {
        let byte = UInt32(bytes[index + (bigEndian ? k : 3 - k)])
        value = value << 8 | byte
      }
      if Unicode.Scalar(value) == nil { out.replaced += 1 }
      append(value, to: &out.bytes)
      index += 4
    }
    if index < bytes.endIndex {
      append(0xFFFD, to: &out.bytes)
      out.replaced += 1
    }
    return out
  }

  private static func decode(_ bytes: ArraySlice<UInt8>, _ encoding: SingleByteEncoding)
    -> Decoded
  {
    var out = Decoded(bytes: [], replaced: 0)
    out.bytes.reserveCapacity(bytes.count + bytes.count / 8)
    let table = encoding.table
    for byte in bytes {
      let value = table[Int(byte)]
      if value == 0xFFFD { out.replaced += 1 }
      append(UInt32(value), to: &out.bytes)
    }
    return out
  }

  /// Through the C library's `iconv`, to UTF-8; a sequence it cannot convert is one U+FFFD
  /// and the byte after its start is tried next.
  private static func decode(_ bytes: ArraySlice<UInt8>, iconvName: String) -> Decoded? {
    let converter = iconv_open("UTF-8", iconvName)
    guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    var input = Array(bytes).map { CChar(bitPattern: $0) }
    var out = Decoded(bytes: [], replaced: 0)
    var chunk = [CChar](repeating: 0, count: 64 << 10)
    var offset = 0
    while offset < input.count {
      var inLeft = input.count - offset
      var outLeft = chunk.count
      let failed = input.withUnsafeMutableBufferPointer { source in
        chunk.withUnsafeMutableBufferPointer { target in
          var inPointer = source.baseAddress.map { $0 + offset }
          var outPointer = target.baseAddress
          let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
          return result == -1 && errno != E2BIG
        }
      }
      out.bytes += chunk[..<(chunk.count - outLeft)].map { UInt8(bitPattern: $0) }
      offset = input.count - inLeft
      if failed {
        out.bytes += [0xEF, 0xBF, 0xBD]
        out.replaced += 1
        offset += 1
        iconv(converter, nil, nil, nil, nil)
      }
    }
    return out
  }
}
