/// The texts of the fractions written last, so that a number printed again is copied rather
/// than spelled out again.
///
/// Spelling a fraction out (the shortest text that reads back to the same `Double`) is the
/// dearest step of printing a layout, and most of a layout's numbers repeat: every item of a
/// column has the same `x` and `width`, and pictures of the same shape the same `height`. The
/// cache is direct-mapped by the number's bits: a miss costs a hash and a copy of the text.
struct NumberTextCache: ~Copyable {
  private static let slots = 256
  private static let slotBytes = NumberText.longest
  private let keys: UnsafeMutablePointer<UInt64>
  /// 0 for a slot never filled: every text is at least one byte long.
  private let lengths: UnsafeMutablePointer<UInt8>
  private let texts: UnsafeMutablePointer<UInt8>

  init() {
    keys = .allocate(capacity: Self.slots)
    keys.initialize(repeating: 0, count: Self.slots)
    lengths = .allocate(capacity: Self.slots)
    lengths.initialize(repeating: 0, count: Self.slots)
    texts = .allocate(capacity: Self.slots * Self.slotBytes)
    texts.initialize(repeating: 0, count: Self.slots * Self.slotBytes)
  }

  deinit {
    keys.deallocate()
    lengths.deallocate()
    texts.deallocate()
  }

  /// Writes `value` as `NumberText.number` does; returns the end of the text.
  @inline(__always)
  func number(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    // Whole numbers are quick to spell, and would only push fractions out of the cache.
    if let whole = NumberText.whole(value) { return NumberText.integer(whole, to: out) }
    let bits = value.bitPattern
    let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 56)
    let text = texts + slot * Self.slotBytes
    let length = Int(lengths[slot])
    if length > 0, keys[slot] == bits {
      out.update(from: text, count: length)
      return out + length
    }
    let end = NumberText.fraction(value, to: out)
    let written = end - out
    keys[slot] = bits
    lengths[slot] = UInt8(truncatingIfNeeded: written)
    text.update(from: out, count: written)
    return end
  }
}
