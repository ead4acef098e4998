import FeedModel

/// JSON wrapped in a script call (JSONP): `jsonFlickrFeed({…})`, `callback([…]);` — what
/// Flickr's feeds and many older APIs send unless the URL asks for plain JSON
/// (`nojsoncallback=1`). Read as the JSON inside, so that the URL people copy from the docs
/// works as it is.
///
/// Only a document that is one call around an object or a list counts: an identifier (letters,
/// digits, `_`, `$` and `.`), `(`, the JSON, `)` and at most a `;`, with white space between.
/// A list of URLs cannot look like that (its lines would have to end in `)`), and JSON never
/// starts with a letter.
enum JSONPCallback {
  /// Whether `prefix` starts like a call around JSON: the callback's name, `(`, then `{` or
  /// `[`. Enough to know the document is to be read whole and unwrapped.
  static func starts<Bytes: Collection<UInt8>>(_ prefix: Bytes) -> Bool {
    opening(prefix) != nil
  }

  /// The JSON inside `bytes` when they are one call around it; nil otherwise.
  static func unwrapped(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard let start = opening(bytes) else { return nil }
    var end = bytes.endIndex
    while end > start, ByteOrderMark.isBlank(bytes[end - 1]) { end -= 1 }
    if end > start, bytes[end - 1] == UInt8(ascii: ";") { end -= 1 }
    while end > start, ByteOrderMark.isBlank(bytes[end - 1]) { end -= 1 }
    guard end > start, bytes[end - 1] == UInt8(ascii: ")") else { return nil }
    return bytes[start..<(end - 1)]
  }

  /// Where the JSON starts (just past the call's `(`), when the bytes open a call around JSON.
  private static func opening<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bytes.Index? {
    guard var index = ByteOrderMark.firstCharacter(in: bytes), isNameStart(bytes[index]) else {
      return nil
    }
    while index < bytes.endIndex, isNamePart(bytes[index]) { index = bytes.index(after: index) }
    while index < bytes.endIndex, ByteOrderMark.isBlank(bytes[index]) {
      index = bytes.index(after: index)
    }
    guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "(") else { return nil }
    let inside = bytes.index(after: index)
    guard let first = bytes[inside...].firstIndex(where: { !ByteOrderMark.isBlank($0) }),
      bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[")
    else { return nil }
    return inside
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
  }

  private static func isNamePart(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: ".")
  }
}
