import LayoutEngine

/// Writes numbers as `LayoutNumber.text` spells them, straight into bytes: the JSON that
/// `cascade layout` prints holds a few million of them, and a `String` each (a heap one for the
/// 17 digits of most fractions) cost more than the layout.
enum NumberText {
  /// The longest text `number(_:to:)` writes: a sign, 17 digits, a point and an exponent.
  static let longest = 32

  /// `value` as `LayoutNumber.text(value)` would give it; returns the end of the text.
  @inline(__always)
  static func number(_ value: Double, to out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    if let whole = whole(value) { return integer(whole, to: out) }
    return fraction(value, to: out)
  }

  /// `value` as an integer if `LayoutNumber.text` prints it as one.
  ///
  /// `LayoutNumber.text`'s test, `value == value.rounded()` below 1e15, without a call into
  /// libm: below 1e15 the conversion is exact for whole numbers and truncates the others.
  @inline(__always)
  static func whole(_ value: Double) -> Int64? {
    guard abs(value) < 1e15 else { return nil }
    let whole = Int64(value)
    return Double(whole) == value ? whole : nil
  }

  /// `value`, which `whole(_:)` does not take, as `LayoutNumber.text(value)` would give it;
  /// returns the end of the text.
  static func fraction(_ value: Double, to out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    if value.isNaN { return literal("nan", to: out) }
    if value.isInfinite { return literal(value < 0 ? "-inf" : "inf", to: out) }
    // Swift's own shortest round-tripping text, as `String(value)` gives it, without the
    // `String`: `Double` writes it into a text stream as one run of ASCII bytes.
    var stream = PointerStream(end: out)
    value.write(to: &stream)
    return stream.end
  }

  /// `value` in decimal; returns the end of the text.
  @inline(__always)
  static func integer(_ value: Int64, to out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var out = out
    if value < 0 {
      out.pointee = UInt8(ascii: "-")
      out += 1
    }
    var rest = value.magnitude
    var digits = 1
    var scale: UInt64 = 10
    while digits < 20, rest >= scale {
      digits += 1
      scale = scale &* 10
    }
    var position = out + digits
    let end = position
    repeat {
      position -= 1
      position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while position > out
    return end
  }

  /// The bytes of `text`; returns their end.
  @inline(__always)
  static func literal(_ text: StaticString, to out: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    return out + text.utf8CodeUnitCount
  }

  /// A text stream onto raw memory. `Double.write(to:)` hands its digits over as one run of
  /// ASCII (`_writeASCII`, which `TextOutputStream` declares with a default that builds a
  /// `String`); `write(_:)` takes any other text, so the result is the same either way.
  private struct PointerStream: TextOutputStream {
    var end: UnsafeMutablePointer<UInt8>

    mutating func write(_ string: String) {
      for byte in string.utf8.prefix(NumberText.longest) {
        end.pointee = byte
        end += 1
      }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
      let count = min(buffer.count, NumberText.longest)
      if let base = buffer.baseAddress { end.update(from: base, count: count) }
      end += count
    }
  }
}
