/// What a box shows of its picture before the picture arrives, when the feed says: a flat
/// colour (Unsplash's `color`, Pexels' `avg_color`) or a blur (a BlurHash, as Mastodon and
/// Unsplash send).
///
/// Both come from the feed and are checked strictly: a colour is `#rgb` or `#rrggbb` (the `#`
/// optional), a blur a valid `BlurHash`. Anything else is no placeholder, never an error.
///
/// An item keeps its placeholder among its texts (`ItemTextRecord`), in a stored form that says
/// which it is by its length: a colour as the 7 characters `#rrggbb`, a blur as its hash,
/// whose length is always even (`4 + 2·x·y`).
public enum PicturePlaceholder: Hashable, Sendable {
  case color(red: UInt8, green: UInt8, blue: UInt8)
  case blur(BlurHash)

  /// The colour written in `text` as `#rgb` or `#rrggbb`, with or without `#` and in either
  /// case; nil for anything else.
  public init?(color text: String) {
    var text = text
    guard let rgb = text.withUTF8({ Self.color(in: $0) }) else { return nil }
    self = .color(red: rgb.red, green: rgb.green, blue: rgb.blue)
  }

  /// The blur of the BlurHash `text`; nil when it is not a valid hash.
  public init?(blurHash text: String) {
    guard let hash = BlurHash(text) else { return nil }
    self = .blur(hash)
  }

  /// The colour the placeholder amounts to: the colour, or the blur's average.
  public var averageColor: (red: UInt8, green: UInt8, blue: UInt8) {
    switch self {
    case .color(let red, let green, let blue): (red, green, blue)
    case .blur(let hash): hash.averageColor
    }
  }

  /// How a feed's field names a placeholder: which parser its text goes through.
  package enum Kind { case color, blurHash }

  /// The fields a blur is read from, in every JSON format: the names the APIs use, and their
  /// other spellings.
  package static let blurKeys: [StaticString] = ["blurhash", "blur_hash", "blurHash"]
  /// The fields a colour is read from, in every JSON format, in order of preference.
  package static let colorKeys: [StaticString] = [
    "color", "colour", "avg_color", "average_color", "dominant_color",
  ]

  /// The colour in `bytes` (`#rgb`, `#rrggbb`, with or without `#`); nil for anything else.
  package static func color(in bytes: UnsafeBufferPointer<UInt8>) -> (
    red: UInt8, green: UInt8, blue: UInt8
  )? {
    let start = bytes.first == UInt8(ascii: "#") ? 1 : 0
    let count = bytes.count - start
    guard count == 3 || count == 6 else { return nil }
    func channel(_ i: Int) -> UInt8? {
      if count == 3 { return hexDigit(bytes[start + i]).map { $0 * 17 } }
      guard let high = hexDigit(bytes[start + 2 * i]), let low = hexDigit(bytes[start + 2 * i + 1])
      else { return nil }
      return high << 4 | low
    }
    guard let red = channel(0), let green = channel(1), let blue = channel(2) else { return nil }
    return (red, green, blue)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  // MARK: The stored form

  /// The placeholder kept as `bytes` by `withStoredForm`; nil for bytes that are not one.
  package init?(stored bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count == 7, let rgb = Self.color(in: bytes) {
      self = .color(red: rgb.red, green: rgb.green, blue: rgb.blue)
    } else if let hash = BlurHash(String(decoding: bytes, as: UTF8.self)) {
      self = .blur(hash)
    } else {
      return nil
    }
  }

  /// Calls `body` with the stored form of this placeholder.
  package func withStoredForm<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch self {
    case .color(let red, let green, let blue):
      return Self.withStoredColor(red, green, blue, body)
    case .blur(let hash):
      var text = hash.text
      return text.withUTF8(body)
    }
  }

  /// Calls `body` with the stored form of the placeholder `bytes` hold as `kind`, or with nil
  /// when they hold none: for decoders that read fields as bytes, without making strings.
  package static func withStoredForm<R>(
    _ kind: Kind, of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> R
  ) -> R {
    switch kind {
    case .color:
      guard let rgb = color(in: bytes) else { return body(nil) }
      return withStoredColor(rgb.red, rgb.green, rgb.blue) { body($0) }
    case .blurHash:
      return BlurHash.shape(of: bytes) == nil ? body(nil) : body(bytes)
    }
  }

  /// Calls `body` with `#rrggbb`, lowercase.
  private static func withStoredColor<R>(
    _ red: UInt8, _ green: UInt8, _ blue: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 7) { buffer in
      func put(_ channel: UInt8, at index: Int) {
        buffer[index] = hexDigits[Int(channel >> 4)]
        buffer[index + 1] = hexDigits[Int(channel & 0xF)]
      }
      buffer[0] = UInt8(ascii: "#")
      put(red, at: 1)
      put(green, at: 3)
      put(blue, at: 5)
      return body(UnsafeBufferPointer(buffer))
    }
  }
}
