/// A BlurHash (woltapp/blurhash): a picture's blur in a few dozen characters, which photo APIs
/// and Mastodon send beside the picture so that something of it shows before it arrives.
///
/// The text comes from the feed, so it is held only once it is a hash as the format defines
/// one: characters of the base-83 alphabet alone (no control character, nothing the terminal
/// could read), a size flag naming 1–9 × 1–9 components, exactly `4 + 2·x·y` characters
/// (so never more than 166), and component values an encoder can produce (the average colour
/// within 24 bits, each quantised AC value below 19³). Anything else is not a BlurHash, and the
/// item simply has no blur.
public struct BlurHash: Hashable, Sendable {
  /// The longest hash: 9 × 9 components.
  public static let maximumLength = 4 + 2 * 81

  /// The hash as the feed gave it, checked.
  public let text: String
  /// Components across and down, 1–9 each.
  public let componentsX: Int
  public let componentsY: Int

  /// The hash `text`, or nil when it is not a valid one.
  public init?(_ text: String) {
    var text = text
    guard let shape = text.withUTF8({ Self.shape(of: $0) }) else { return nil }
    self.text = text
    (componentsX, componentsY) = shape
  }

  /// The components of the hash in `bytes`, or nil when the bytes are not a valid hash. Looks
  /// at no more than `maximumLength` bytes, whatever the length of `bytes`.
  package static func shape(of bytes: UnsafeBufferPointer<UInt8>) -> (x: Int, y: Int)? {
    guard bytes.count >= 6, bytes.count <= maximumLength, let flag = Base83.digit(bytes[0])
    else { return nil }
    let (x, y) = (flag % 9 + 1, flag / 9 + 1)
    guard bytes.count == 4 + 2 * x * y, Base83.digit(bytes[1]) != nil,
      let average = Base83.value(bytes, 2..<6), average <= 0xFF_FFFF
    else { return nil }
    for component in 1..<(x * y) {
      let start = 4 + 2 * component
      guard let value = Base83.value(bytes, start..<(start + 2)), value < 19 * 19 * 19 else {
        return nil
      }
    }
    return (x, y)
  }

  /// The picture's average colour, as sRGB bytes: the hash's first component as it is stored.
  public var averageColor: (red: UInt8, green: UInt8, blue: UInt8) {
    let value = digits(2..<6)
    return (UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
  }

  /// The base-83 number written at `range` of the (checked) text.
  package func digits(_ range: Range<Int>) -> Int {
    var text = text
    return text.withUTF8 { Base83.value($0, range) } ?? 0
  }
}

/// BlurHash's base-83 digits: `0-9A-Za-z` and 21 punctuation characters, most significant first.
package enum Base83 {
  private static let alphabet = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

  /// Each byte's digit, or -1 for a byte outside the alphabet.
  private static let digits: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(value) }
    return table
  }()

  package static func digit(_ byte: UInt8) -> Int? {
    let value = digits[Int(byte)]
    return value < 0 ? nil : Int(value)
  }

  /// The number written at `range` of `bytes`, or nil when a byte is not a digit.
  package static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var value = 0
    for index in range {
      guard let digit = digit(bytes[index]) else { return nil }
      value = value * 83 + digit
    }
    return value
  }
}
