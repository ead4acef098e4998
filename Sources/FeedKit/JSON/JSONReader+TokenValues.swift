/// What a token's bytes mean: the text of a string, escapes decoded, and the value of a number.
///
/// The reader hands out tokens (byte ranges) and checks their grammar as it goes; these turn one
/// into a Swift value only when the decoder wants it, so the escapes and digits of fields it
/// skips are never decoded.
extension JSONReader {
  /// The text of a string token, escapes decoded; invalid UTF-8 and lone surrogates become U+FFFD.
  func string(_ token: Token) -> String {
    let raw = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
    guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var index = token.start
    while index < token.end {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hexValue(at: index)
        index += 4
        if (0xD800...0xDBFF).contains(scalar) {
          // A high surrogate counts only when a low one follows as the next escape.
          if index + 6 <= token.end, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          {
            let low = hexValue(at: index + 2)
            if (0xDC00...0xDFFF).contains(low) {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
              index += 6
            }
          }
        }
        // A lone surrogate is not a scalar: it becomes U+FFFD.
        out.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
      default: out.append(escape)  // \" \\ \/
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether a string token's text is exactly `literal` (ASCII); keys are matched with this.
  func stringEquals(_ token: Token, _ literal: StaticString) -> Bool {
    if token.hasEscapes { return string(token) == literal.description }
    guard token.count == literal.utf8CodeUnitCount else { return false }
    let literalBytes = UnsafeBufferPointer(
      start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    // An index loop: the generic `elementsEqual` over a slice was not specialised to one.
    for i in 0..<token.count where bytes[token.start + i] != literalBytes[i] { return false }
    return true
  }

  /// The number's text as written (for ids and messages).
  func text(_ token: Token) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
  }

  /// The value of `range` when it is 1 to 15 decimal digits and nothing else, added up digit
  /// by digit (exact: 15 digits stay below 2^53, so this is what `Double(_:)` would read);
  /// otherwise nil. How sizes are written, as numbers and as strings.
  static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
    guard !range.isEmpty, range.count <= 15 else { return nil }
    // Over the digits' own buffer, with wrapping arithmetic that 15 digits cannot overflow: a
    // size is read twice per item, and a bounds and an overflow check per digit were most of it.
    var value = 0
    for byte in UnsafeBufferPointer(rebasing: bytes[range]) {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value &* 10 &+ Int(digit)
    }
    return Double(value)
  }

  /// The value of a number token; infinite when the number is too large for a `Double`.
  func double(_ token: Token) -> Double {
    // Most sizes are short integers: skip the string round trip for them.
    if let value = Self.plainInteger(bytes, token.start..<token.end) { return value }
    return Double(text(token)) ?? .nan
  }

  /// The four hexadecimal digits at `index`, checked by the reader, as a number.
  private func hexValue(at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for digit in index..<index + 4 { value = value << 4 | UInt32(hexDigit(bytes[digit]) ?? 0) }
    return value
  }

  /// The value of one hexadecimal digit, nil for any other byte.
  func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
